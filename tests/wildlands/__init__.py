"""Tests for the Wildlands engine."""
