"""Test support: fixture games and helpers shared by the test suite."""
