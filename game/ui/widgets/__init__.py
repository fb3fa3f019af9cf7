"""Reusable widgets: button, toggle/stepper/choice, text input, move log, die, card frame, chart."""

from .base import Widget
from .button import Button
from .card import CardFrame
from .chart import LineChart
from .controls import Choice, Stepper, Toggle
from .die import Die
from .move_log import MoveLog
from .text_input import TextInput
from .tooltip import tooltips

__all__ = ["Widget", "Button", "CardFrame", "LineChart", "Choice", "Stepper", "Toggle", "Die", "MoveLog",
           "TextInput", "tooltips"]
