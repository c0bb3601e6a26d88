"""Package discovery, which pyproject.toml cannot express: the packages under glossary/ and tutor/, and the
top-level lessons/ folder (card pool, scenarios, course) installed as the package ``tutor.lessons_data``.

Everything else (metadata, dependencies, package data) is in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["glossary", "glossary.*", "tutor", "tutor.*"]), "tutor.lessons_data"],
    package_dir={"tutor.lessons_data": "lessons"},
)
