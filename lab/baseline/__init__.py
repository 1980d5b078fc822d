"""The frozen yardstick: Medium as it stood at commit 9a02ae3, copied whole so improving Medium
or its helpers never moves the ruler. Measurement only (`python -m lab simulate`, `python -m lab
hint`). Never edit these modules except to follow an interface change of the engine or the view."""
