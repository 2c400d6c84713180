// Hearth's chat page: no build step, nothing from the internet, one file.
// The token is asked once and kept in this browser's localStorage; POST /session then
// gives the browser an HttpOnly cookie that opens the Inbox and Board links. Replies
// stream in over server-sent events read with fetch() and a ReadableStream.
"use strict";

const TOKEN_KEY = "hearth.token";
const THREAD_KEY = "hearth.thread";

const $ = (id) => document.getElementById(id);

function newThreadId() {
  // crypto.getRandomValues works on plain http on the LAN (randomUUID does not).
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return "web-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function threadId() {
  let id = sessionStorage.getItem(THREAD_KEY);
  if (!id) {
    id = newThreadId();
    sessionStorage.setItem(THREAD_KEY, id);
  }
  return id;
}

function setStatus(text) {
  $("status").textContent = text || "";
}

function showTokenForm(reason) {
  $("token-form").hidden = false;
  $("chat-form").hidden = true;
  setStatus(reason || "");
  $("token-input").focus();
}

function showChat() {
  $("token-form").hidden = true;
  $("chat-form").hidden = false;
  $("hints").hidden = $("log").childElementCount > 0;
  $("message").focus();
}

function bubble(role, text) {
  $("hints").hidden = true;  // the examples are for an empty page
  const el = document.createElement("div");
  el.className = "msg " + role;
  el.textContent = text;
  $("log").appendChild(el);
  el.scrollIntoView({ block: "end" });
  return el;
}

async function errorMessage(response) {
  try {
    const body = await response.json();
    if (body && body.error && body.error.message) return body.error.message;
  } catch (_) { /* not JSON: fall through */ }
  return "Hearth answered " + response.status;
}

// Read server-sent events from a fetch() body; call onData(payload) for each `data:` line.
async function readEvents(body, onData) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffered.indexOf("\n\n")) >= 0) {
      const event = buffered.slice(0, cut);
      buffered = buffered.slice(cut + 2);
      for (const line of event.split("\n")) {
        if (line.startsWith("data:") && onData(line.slice(5).trim()) === false) {
          await reader.cancel();
          return;
        }
      }
    }
  }
}

// Ask for the view cookie with the token; false when the token is not accepted.
async function openViews(token) {
  try {
    const response = await fetch("/session", {
      method: "POST", headers: { "Authorization": "Bearer " + token },
    });
    return response.status !== 401;
  } catch (_) {
    return true;  // Hearth unreachable: the token may be fine; sending will say so
  }
}

async function send(text) {
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) { showTokenForm(); return false; }
  bubble("user", text);
  const answer = bubble("assistant pending", "…");
  let response;
  try {
    response = await fetch("/v1/chat/completions", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Authorization": "Bearer " + token,
        "X-Hearth-Thread": threadId(),
      },
      body: JSON.stringify({ model: "hearth", stream: true,
                             messages: [{ role: "user", content: text }] }),
    });
  } catch (err) {
    answer.remove();
    setStatus("Could not reach Hearth: " + err.message + ". Your message is kept below.");
    return false;
  }
  if (response.status === 401) {
    answer.remove();
    localStorage.removeItem(TOKEN_KEY);
    showTokenForm("That token was not accepted. Enter the one `hearth token` prints.");
    return false;
  }
  if (response.status === 503) {
    answer.remove();
    const wait = response.headers.get("Retry-After") || "a few";
    setStatus("Hearth is busy answering someone else. Try again in " + wait +
              " s; your message is kept below.");
    return false;
  }
  if (!response.ok) {
    answer.remove();
    setStatus(await errorMessage(response));
    return false;
  }
  answer.textContent = "";
  let failed = null;
  await readEvents(response.body, (data) => {
    if (data === "[DONE]") return false;
    let chunk;
    try { chunk = JSON.parse(data); } catch (_) { return true; }
    if (chunk.error) { failed = chunk.error.message; return false; }
    const delta = chunk.choices && chunk.choices[0] && chunk.choices[0].delta;
    if (delta && delta.content) {
      answer.textContent += delta.content;
      answer.scrollIntoView({ block: "end" });
    }
    return true;
  });
  answer.classList.remove("pending");
  if (failed) {
    answer.classList.add("error");
    answer.textContent = (answer.textContent ? answer.textContent + "\n" : "") + failed;
  }
  return true;
}

function start() {
  for (const hint of document.querySelectorAll("button.hint")) {
    hint.addEventListener("click", () => {
      $("message").value = hint.textContent;
      $("message").focus();
    });
  }
  $("token-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const value = $("token-input").value.trim();
    if (!value) return;
    if (!(await openViews(value))) {
      showTokenForm("That token was not accepted. Enter the one `hearth token` prints.");
      return;
    }
    localStorage.setItem(TOKEN_KEY, value);
    $("token-input").value = "";
    setStatus("");
    showChat();
  });

  $("chat-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const box = $("message");
    const text = box.value.trim();
    if (!text) return;
    $("send").disabled = true;
    setStatus("");
    box.value = "";
    let sent = false;
    try {
      sent = await send(text);
    } finally {
      if (!sent) box.value = text;  // nothing typed is lost when Hearth could not answer
      $("send").disabled = false;
      if (!$("chat-form").hidden) box.focus();
    }
  });

  $("message").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      $("chat-form").requestSubmit();
    }
  });

  $("new-thread").addEventListener("click", () => {
    sessionStorage.setItem(THREAD_KEY, newThreadId());
    $("log").replaceChildren();
    setStatus("New conversation.");
  });

  const saved = localStorage.getItem(TOKEN_KEY);
  if (saved) {
    showChat();
    openViews(saved).then((ok) => {
      if (!ok) {
        localStorage.removeItem(TOKEN_KEY);
        showTokenForm("That token is no longer accepted. Enter the one `hearth token` prints.");
      }
    });
  } else {
    showTokenForm();
  }
}

start();
