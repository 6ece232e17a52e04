"""The pure Calypso engine: cards, game sets, trick rules, play, scores, matchpoints, movements.

Plain Python and dataclasses; nothing here imports Django or touches a database.
"""
