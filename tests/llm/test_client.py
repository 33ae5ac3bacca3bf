"""The client against a local OpenAI-compatible server over loopback."""

from __future__ import annotations

import logging

import pytest

from citeproof.llm.client import ChatClient, LLMConfig, LLMError
from citeproof.llm.fake_endpoint import FakeChatEndpoint, Reply, completion_reply

SCHEMA = {
    "type": "object",
    "properties": {"verdict": {"type": "string", "enum": ["yes", "no"]}},
    "required": ["verdict"],
    "additionalProperties": False,
}
KEY = "sk-test-SECRET-123"
ASK = [{"role": "user", "content": "Is 347 U.S. 483 Brown v. Board of Education?"}]


@pytest.fixture
def server():
    with FakeChatEndpoint() as s:
        yield s


def client(server: FakeChatEndpoint, tmp_path, **kw) -> tuple[ChatClient, list[float]]:
    sleeps: list[float] = []
    config = LLMConfig(
        model="test-model",
        base_url=server.base_url,
        api_key=KEY,
        cache_path=str(tmp_path / "cache.sqlite"),
        **kw,
    )
    return ChatClient(config, sleep=sleeps.append), sleeps


def test_structured_reply_with_tokens_and_key_in_header(server, tmp_path):
    server.queue.append(completion_reply('{"verdict": "yes"}', 40, 5))
    c, _ = client(server, tmp_path)
    reply = c.chat(ASK, SCHEMA, "check")
    assert reply.data == {"verdict": "yes"}
    assert (reply.prompt_tokens, reply.completion_tokens, reply.cached) == (40, 5, False)
    assert server.headers[0]["Authorization"] == f"Bearer {KEY}"
    fmt = server.requests[0]["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["schema"] == SCHEMA
    assert server.requests[0]["model"] == "test-model"


def test_cache_makes_reruns_free(server, tmp_path):
    server.queue.append(completion_reply('{"verdict": "no"}'))
    c, _ = client(server, tmp_path)
    c.chat(ASK, SCHEMA)
    c.close()
    again, _ = client(server, tmp_path)  # a new process-like client over the same file
    reply = again.chat(ASK, SCHEMA)
    assert reply.cached and reply.data == {"verdict": "no"} and reply.requests == 0
    assert len(server.requests) == 1
    server.queue.append(completion_reply('{"verdict": "yes"}'))
    other = again.chat([{"role": "user", "content": "another prompt"}], SCHEMA)
    assert not other.cached and len(server.requests) == 2


def test_429_waits_retry_after_then_succeeds(server, tmp_path):
    server.queue += [
        Reply(429, {"error": "slow down"}, {"Retry-After": "7"}),
        Reply(503, {"error": "busy"}),
        completion_reply('{"verdict": "yes"}'),
    ]
    c, sleeps = client(server, tmp_path, backoff=0.5)
    assert c.chat(ASK, SCHEMA).data == {"verdict": "yes"}
    assert sleeps == [7.0, 1.0]  # Retry-After honoured, then exponential backoff
    assert len(server.requests) == 3


def test_persistent_429_is_rate_limited(server, tmp_path):
    server.queue += [Reply(429, {"error": "slow down"})] * 3
    c, sleeps = client(server, tmp_path, max_retries=2)
    with pytest.raises(LLMError) as err:
        c.chat(ASK, SCHEMA)
    assert err.value.reason == "rate_limited" and len(sleeps) == 2


def test_timeout_is_retried_then_reported(server, tmp_path):
    server.queue += [Reply(200, "{}", delay=0.6), Reply(200, "{}", delay=0.6)]
    c, sleeps = client(server, tmp_path, timeout=0.2, max_retries=1)
    with pytest.raises(LLMError, match="timed out"):
        c.chat(ASK, SCHEMA)
    assert len(sleeps) == 1


def test_malformed_json_is_sent_back_for_repair(server, tmp_path):
    server.queue += [
        completion_reply('{"verdict": "yes"'),
        completion_reply('{"verdict": "maybe"}'),
        completion_reply('```json\n{"verdict": "no"}\n```'),
    ]
    c, _ = client(server, tmp_path)
    reply = c.chat(ASK, SCHEMA)
    assert reply.data == {"verdict": "no"} and reply.requests == 3
    assert reply.prompt_tokens == 33  # tokens of every attempt are counted
    repair = server.requests[1]["messages"]
    assert repair[-1]["role"] == "user" and "invalid" in repair[-1]["content"]
    assert (
        "not JSON" in server.requests[2]["messages"][-1]["content"]
        or "not one of" in server.requests[2]["messages"][-1]["content"]
    )


def test_invalid_reply_is_never_cached(server, tmp_path):
    server.queue += [completion_reply("not json at all")] * 3
    c, _ = client(server, tmp_path)
    with pytest.raises(LLMError):
        c.chat(ASK, SCHEMA)
    assert c.cache is not None and len(c.cache) == 0


def test_malformed_response_body_is_retried(server, tmp_path):
    server.queue += [
        Reply(200, "<html>proxy error</html>"),
        Reply(200, {"choices": []}),
        completion_reply('{"verdict": "yes"}'),
    ]
    c, sleeps = client(server, tmp_path)
    assert c.chat(ASK, SCHEMA).data == {"verdict": "yes"} and len(sleeps) == 2


def test_client_errors_are_not_retried_and_never_show_the_key(server, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    server.queue += [Reply(429, {}), Reply(401, {"error": f"bad key {KEY}"})]
    c, sleeps = client(server, tmp_path)
    with pytest.raises(LLMError) as err:
        c.chat(ASK, SCHEMA)
    assert "401" in str(err.value) and len(sleeps) == 1
    assert KEY not in str(err.value) and KEY not in caplog.text and KEY not in repr(c.config)


def test_config_precedence(tmp_path):
    cfg_file = tmp_path / "llm.toml"
    cfg_file.write_text('[llm]\nmodel = "from-file"\ntimeout = 5.0\napi_key = "ignored"\n')
    env = {
        "OPENAI_BASE_URL": "http://127.0.0.1:9/v1",
        "OPENAI_API_KEY": KEY,
        "CITEPROOF_LLM_CONFIG": str(cfg_file),
    }
    cfg = LLMConfig.load(env)
    assert (cfg.model, cfg.timeout, cfg.api_key, cfg.base_url) == (
        "from-file",
        5.0,
        KEY,
        "http://127.0.0.1:9/v1",
    )
    assert LLMConfig.load({**env, "CITEPROOF_LLM_MODEL": "env"}, model="flag").model == "flag"
    with pytest.raises(LLMError, match="no model"):
        LLMConfig.load({})
