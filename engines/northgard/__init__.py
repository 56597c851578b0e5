"""Northgard: Uncharted Lands with the Creatures module and the Wilderness expansion."""
