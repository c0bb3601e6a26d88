"""The program's lessons data: the card pool (``cards.yaml``), the scenarios (``scenarios/``) and the course
(``course/``), all YAML, no code.

In the repository this folder sits at the top of the project; it is installed as the package ``tutor.lessons_data``
(see setup.py), so that an installed program and a checkout find the same files. Read them through
`tutor.resources`, never by a path.
"""
