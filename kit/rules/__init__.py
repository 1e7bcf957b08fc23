"""The rulebook every game prints: its sentences per rule reading, its examples, its glossary.

A game keeps its rulebook as data (data/GAME/rulebook.yaml): sections in Japanese and
English, one sentence pair for every value of every rule option it declares, worked
examples (a position and what is legal or illegal there) and one glossary. kit.rules.book
reads and checks that file against the game's option declaration; kit.rules.examples plays
each example through the game's engine; kit.rules.render draws `rules.pdf` in one or both
languages for the rule values being built, so the printed rules are the preset's.
"""
