"""pygame layer: app scenes, widgets, theme. Draws engine views, turns clicks into engine actions."""
