"""pytest runs the examples of the guides (``docs/**/*.md``) as doctests; nothing else here.

The Sphinx configuration and its extensions need Sphinx, and the build writes Python
files (the gallery's copies of its scripts, the downloads in ``_build``) that must not
be imported as tests; ``tutorials`` is a link to ``examples/notebooks`` made by the build.
"""

collect_ignore = ["conf.py"]
collect_ignore_glob = ["_build", "_ext", "gallery", "api/generated", "tutorials"]
