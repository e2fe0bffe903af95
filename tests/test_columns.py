"""Columns of numbers kept in blocks (monolog/columns.py) read, grow and shrink as one array
of numbers does, across the blocks' edges, and no block grows past `BLOCK`."""

from __future__ import annotations

from array import array

import pytest

from monolog.columns import BLOCK, Column


def test_a_column_reads_as_one_array_across_its_blocks() -> None:
    column, model = Column("i"), array("i")
    for n in range(BLOCK - 3):
        column.append(n - 7)
        model.append(n - 7)
    for part in ([1, 2, 3], (4, 5, 6, 7), array("i", range(2 * BLOCK + 5)), range(9)):
        column.extend(part)
        model.extend(array("i", part))
    assert len(column) == len(model) and column == model and list(column) == list(model)
    assert all(len(block) <= BLOCK for block in column.blocks) and len(column.blocks) == 4
    for start, stop in ((0, 5), (BLOCK - 2, BLOCK + 2), (5, 3 * BLOCK + 1), (7, 7)):
        assert column.between(start, stop) == model[start:stop]
        assert column[start:stop] == model[start:stop]
    assert column[::BLOCK] == model[::BLOCK]
    for at in (0, BLOCK - 1, BLOCK, -1, -BLOCK - 1):
        assert column[at] == model[at]
        column[at] = model[at] = 99
    assert column == model
    with pytest.raises(IndexError):
        column[len(model)]
    for size in (2 * BLOCK + 1, 2 * BLOCK, BLOCK - 1, 0):
        column.truncate(size)
        del model[size:]
        assert column == model and len(column.blocks) == size // BLOCK + 1
        column.append(5)
        model.append(5)
        assert column == model
