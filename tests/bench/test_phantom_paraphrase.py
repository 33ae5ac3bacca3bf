"""The phantom benchmark's faithful paraphrases: each rewrite keeps what the sentence says."""

from __future__ import annotations

import numpy as np
import pytest

from citeproof.bench.phantom.paraphrase import (
    clause_moved,
    drop_holding_frame,
    drop_marker,
    faithful,
    negation_by_other_means,
    paraphrase,
    paraphrase_rng,
    plainer_words,
    third_person,
)

pytestmark = pytest.mark.without_library


@pytest.mark.parametrize(
    "rewrite, sentence, expected",
    [
        (drop_marker, "Accordingly, the motion was untimely.", "The motion was untimely."),
        (drop_holding_frame, "We hold that the statute applies here.", "The statute applies here."),
        (
            third_person,
            "We are not persuaded by our review.",
            "The court is not persuaded by the court's review.",
        ),
        (
            negation_by_other_means,
            "The plaintiff did not show damages.",
            "The plaintiff failed to show damages.",
        ),
        (
            negation_by_other_means,
            "The witness does not have personal knowledge.",
            "The witness lacks personal knowledge.",
        ),
        (negation_by_other_means, "The search was not unreasonable.", "The search was reasonable."),
        (
            clause_moved,
            "Because the notice was late, the claim is barred.",
            "The claim is barred because the notice was late.",
        ),
    ],
)
def test_each_rewrite_keeps_the_meaning(rewrite, sentence, expected):
    made = rewrite(sentence)
    assert made is not None and made[0] == expected and made[1]


def test_a_verb_that_cannot_agree_leaves_the_first_person_alone():
    assert third_person("We think the statute applies.") is None


def test_plainer_words_and_the_whole_paraphrase_are_seeded():
    sentence = "Prior to trial, the attorney moved pursuant to the rule."
    a = plainer_words(sentence, np.random.default_rng(1))
    assert a is not None and a[0] != sentence
    assert paraphrase(sentence, np.random.default_rng(3)) == paraphrase(sentence, np.random.default_rng(3))
    assert faithful(sentence) == faithful(sentence)
    assert paraphrase_rng(sentence).random() == paraphrase_rng(sentence).random()


def test_a_sentence_no_rewrite_fits_is_left_as_it_is():
    assert paraphrase("Affirmed.", np.random.default_rng(0)) is None
