"""The generation-side study: how often do models cite cases that are not what they say?

Produce (`answers`: send the drafting `prompts` to models, or read saved answers), judge
(`score`: run the verifier over each answer, and note each cited case's `popularity`) and
aggregate (`aggregate`: rates per model and court level with bootstrap intervals over
prompts, paired tests between models) are separate steps; `report` and `figures` render
the result. Saved answers enter at the judging step, so published outputs are re-scored
without an endpoint.
"""
