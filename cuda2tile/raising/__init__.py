"""Idiom raising: one pass per idiom (`raise_<idiom>`), run after the passes, each wrapping a
recognised pattern in a `Raised` node beside its faithful form; shared matchers beside them."""
