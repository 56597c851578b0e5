"""Discord components: board buttons and the private action panel."""
