"""A club night's table of three (three-handed, split, Neutralised, Neutralised split), in its players' seats."""
