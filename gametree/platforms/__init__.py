"""Taking gametree's checker and generator to the platforms courses grade on.

The top layer of gametree: it uses :mod:`gametree.homework`, :mod:`gametree.drawing` and
:mod:`gametree.publish`, and nothing below imports it. One module per platform, and what they share:

* :mod:`~gametree.platforms.items`: the items an answer is graded by (root value, each
  node's value or bound, alpha and beta, best move, pruned leaves), each with its points
  and the checker's reasons: one test per item on Gradescope, one input per item on
  PrairieLearn.
* :mod:`~gametree.platforms.marked`: the student's tree as an SVG, each answer marked
  right or wrong (Gradescope's output, PrairieLearn's submission panel).
* :mod:`~gametree.platforms.package`: the running gametree as a wheel (bundled in a
  Gradescope autograder) or as package files (a PrairieLearn course's server files).
* :mod:`~gametree.platforms.gradescope`: the autograder zip for hand-worked answers
  (``gametree gradescope``), its ``results.json`` writer and submission reader, and the
  zip writer both kinds of autograder share.
* :mod:`~gametree.platforms.gradescope_code`: the autograder for search code
  (``gametree gradescope --code``): the bundled trees, the file to grade, one test per
  tree.
* :mod:`~gametree.platforms.prairielearn`: a PrairieLearn question directory and the
  ``server.py`` hooks it calls (``gametree prairielearn``).
* :mod:`~gametree.platforms.variants`: N versions of one exercise, same shape and
  difficulty, for exams (``gametree generate --variants N``).
* :mod:`~gametree.platforms.latex`: the exam sheet and key as LaTeX, compiled with
  pdflatex when it is installed.
* :mod:`~gametree.platforms.moodle`: the variants as a Moodle XML quiz of Cloze
  questions (``gametree generate --moodle quiz.xml``).
"""

__all__: list[str] = []
