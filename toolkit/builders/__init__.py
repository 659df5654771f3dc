"""Builders: counter art (NATO symbols), counter sheets (PDF), player aid cards, and later the module."""
