"""The names gametree exports at top level from the games area."""

__all__: list[str] = []
