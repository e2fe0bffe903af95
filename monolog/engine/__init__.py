"""The strict replay engine: state, handlers, and `replay` (records in, findings out)."""

from .core.game import Game, Transfer
from .core.replay import Replay, replay
from .core.state import GameState

__all__ = ["Game", "GameState", "Replay", "Transfer", "replay"]
