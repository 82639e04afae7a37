"""Screens of the bigfive app."""
