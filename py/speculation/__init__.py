"""Speculation: the Georgian round game of Mansfield Park, as a pure-Python engine."""

__version__ = "0.1.0"
