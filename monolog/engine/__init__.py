"""The strict replay engine: state, handlers, and `replay` (records in, findings out)."""

from .game import Game, Transfer
from .replay import Replay, replay
from .state import GameState

__all__ = ["Game", "GameState", "Replay", "Transfer", "replay"]
