"""The package's version (read by the build backend too, so it is a plain assignment)."""

__version__ = "0.9.0"
