"""``python -m bot`` runs the talkbot command."""

from bot.cli import main

main()
