"""`python -m spades_gui` runs the program."""

from .app import run

if __name__ == "__main__":
    run()
