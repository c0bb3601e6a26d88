from tutor.cli import run

run()
