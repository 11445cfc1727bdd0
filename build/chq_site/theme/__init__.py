"""The theme: our Material overrides, page titles, what the build trims from Material's output, and the styles."""
