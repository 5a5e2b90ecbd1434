"""The rules of Chronicles of the Three Kingdoms, one module per part of the rulebook.

Every function takes a :class:`~pbem.games.chronicles.board.Board`; an illegal order raises
:class:`~pbem.errors.IllegalAction` naming the rule and changes nothing.
"""
