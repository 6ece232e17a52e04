"""The kinds of table sheet (docs/domain.md, "Sheet kinds"): one folder per kind — partnership,
cutthroat, a club night's table of three, Duet, coöp, the Auction pad, the Embers pad — each holding
everything that varies by kind: its engine calls, its fields and words, its widgets and page script,
its printed pad. ``registry.kind_of(event, variant, seats)`` answers "which kind does this table
play?"; no other module asks it for itself.
"""
