"""`python -m lab simulate|hint …`: see lab/cli.py."""

import sys

from .cli import main

sys.exit(main())
