"""The widget: a calculator on a page (its Python, Jinja templates, browser modules and styles)."""
