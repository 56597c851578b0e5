"""Rules tests for The Awoken (wildlands.md §10)."""
