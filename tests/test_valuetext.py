"""gametree.valuetext: values written for people and for JSON (known answers by hand)."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

from gametree.search.result import Bound
from gametree.valuetext import GEQ, LEQ, MINUS, format_value, jsonable


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (3, "3"),
        (-3, f"{MINUS}3"),
        (2.0, "2"),  # a whole float prints as an int
        (-2.5, f"{MINUS}2.5"),
        (1 / 3, "0.333"),  # three decimals by default, trailing zeros dropped
        (0.1, "0.1"),
        (-0.0001, "0"),  # rounds to -0.000: no minus sign on a zero
        (math.inf, "∞"),
        (-math.inf, f"{MINUS}∞"),
        (1e6, "1e+06"),  # from a million on: four significant digits
        (-123456789.0, f"{MINUS}1.235e+08"),
        (Fraction(1, 4), "0.25"),  # anything float() takes prints as that float
        (True, "1"),  # a bool goes through float(): 1.0, whole, so "1"
        ("n/a", "n/a"),  # what float() refuses prints as itself
        (None, "None"),
    ],
)
def test_format_value(value, text):
    assert format_value(value) == text


def test_format_value_precision():
    assert format_value(2 / 3, precision=1) == "0.7"
    assert format_value(2 / 3, precision=5) == "0.66667"


def test_bound_signs():
    assert (GEQ, LEQ) == ("≥", "≤")


def test_jsonable_is_json():
    value = {
        "inf": math.inf,
        "ninf": -math.inf,
        "pair": (Fraction(1, 2), 3),
        "bound": Bound.LOWER,
        "nested": {1: [None, "x"]},
        "other": object,
    }
    out = jsonable(value)
    assert out == {
        "inf": "inf",
        "ninf": "-inf",
        "pair": [0.5, 3],
        "bound": "lower",
        "nested": {"1": [None, "x"]},
        "other": str(object),
    }
    assert json.loads(json.dumps(out)) == out


def test_jsonable_huge_fraction_stays_exact_text():
    # 10**400 / 3 overflows a float: the fraction is kept as its exact text.
    huge = Fraction(10**400, 3)
    assert jsonable(huge) == str(huge)
