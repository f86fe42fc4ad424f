"""Computer players. Headless: decide from the game's legal actions, never import pygame."""
