"""Tests for gametree.games.usercode: whose error an exception is."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import gametree
from gametree.games.usercode import game_files, user_error

FAULTY = Path(__file__).parent / "data" / "games" / "faulty.py"


def _faulty() -> object:
    spec = importlib.util.spec_from_file_location("faulty_for_usercode", FAULTY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # as gametree.games.specs imports a user's file
    spec.loader.exec_module(module)
    return module


def test_an_error_raised_in_the_users_method_is_theirs() -> None:
    game = _faulty().BadUtility()  # type: ignore[attr-defined]
    assert game_files(game) == {str(FAULTY)}
    with pytest.raises(ZeroDivisionError) as info:
        gametree.search_game(game)
    line = FAULTY.read_text().splitlines().index("        return 1 / 0  # the line the error names")
    told = user_error(info.value, game_files(game))
    assert told is not None
    assert told.startswith("BadUtility.utility raised ZeroDivisionError: division by zero (")
    assert told.endswith(f"faulty.py, line {line + 1})")


def test_an_error_raised_in_gametree_is_not_the_users() -> None:
    # A bad argument fails inside gametree: not the user's code, so no one-line story.
    game = _faulty().Take()  # type: ignore[attr-defined]
    with pytest.raises(Exception) as info:
        gametree.search_game(game, depth="x")  # type: ignore[arg-type]
    assert user_error(info.value, game_files(game)) is None
    try:
        {}["x"]
    except KeyError as exc:  # raised in this test file, never entered from gametree
        assert user_error(exc, [__file__]) is None


def test_built_in_games_have_no_user_files() -> None:
    assert game_files(gametree.games.TicTacToe()) == frozenset()
