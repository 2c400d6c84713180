// Hearth's Wi-Fi setup page: no build step, nothing from the internet, one file.
// The token is the chat page's (the same localStorage key): typed once on this phone.
// Every name a neighbour's router chose is put on the page as text (textContent), never
// as HTML. The page asks every 3 s what Hearth's Wi-Fi is doing; while Hearth tries a
// network it leaves its setup network, so the phone may lose it for up to a minute.
"use strict";

const TOKEN_KEY = "hearth.token";
const POLL_MS = 3000;
const WHY_NOT = {
  sae: "WPA3 only: Hearth cannot join it yet",
  enterprise: "needs a user name: not supported",
  open: "no password: not supported",
  wep: "WEP: too old to be safe",
};

const $ = (id) => document.getElementById(id);
let chosen = null;       // {ssid_hex, name} from the list, or {other: true}
let waitingFor = null;   // the id of the join request this page sent

function setStatus(text) {
  $("status").textContent = text || "";
}

function showTokenForm(reason) {
  $("token-form").hidden = false;
  $("setup").hidden = true;
  setStatus(reason || "");
  $("token-input").focus();
}

async function api(path, options) {
  const token = localStorage.getItem(TOKEN_KEY) || "";
  const init = Object.assign({ cache: "no-store" }, options || {});
  init.headers = Object.assign({ "Authorization": "Bearer " + token }, init.headers || {});
  return fetch(path, init);
}

async function errorMessage(response) {
  try {
    const body = await response.json();
    if (body && body.error && body.error.message) return body.error.message;
  } catch (_) { /* not JSON */ }
  return "Hearth answered " + response.status + ".";
}

function strength(dbm) {
  if (dbm >= -55) return "strong signal";
  if (dbm >= -70) return "good signal";
  return "weak signal";
}

function doing(status) {
  switch (status.mode) {
    case "ap":
      return "Hearth is on its own setup network" +
        (status.access_point ? " (" + status.access_point.ssid + ")" : "") +
        ". Choose your Wi-Fi and type its password.";
    case "joining":
      return "Hearth is trying '" + (status.joining || "the network") + "'…";
    case "client":
      return status.address
        ? "Hearth is on '" + (status.saved || "its Wi-Fi") + "' at " + status.address + "."
        : "Hearth is joining '" + (status.saved || "its Wi-Fi") + "'…";
    case "wired":
      return "Hearth is on a cable network. It can join a Wi-Fi network too.";
    case "no-radio":
      return "This Hearth has no Wi-Fi.";
    default:
      return "Hearth is starting its Wi-Fi…";
  }
}

function choose(choice, button) {
  chosen = choice;
  for (const other of $("networks").querySelectorAll("button")) other.classList.remove("chosen");
  button.classList.add("chosen");
  $("chosen").textContent = choice.other ? "another network" : choice.name;
  $("other-name").hidden = $("other-label").hidden = !choice.other;
  (choice.other ? $("other-name") : $("password")).focus();
}

function networkButton(network) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = network.name;  // a stranger's bytes: text, never HTML
  const detail = document.createElement("span");
  detail.className = "detail";
  detail.textContent = network.joinable
    ? strength(network.signal) + ", " + network.band
    : WHY_NOT[network.security] || "not supported";
  button.appendChild(detail);
  button.disabled = !network.joinable;
  button.dataset.ssidHex = network.ssid_hex;
  if (chosen && !chosen.other && chosen.ssid_hex === network.ssid_hex) button.classList.add("chosen");
  button.addEventListener("click", () => choose({ ssid_hex: network.ssid_hex, name: network.name }, button));
  return button;
}

function render(status) {
  $("token-form").hidden = true;
  $("setup").hidden = false;
  $("doing").textContent = doing(status);
  $("problem").textContent = status.problem || "";
  $("problem").hidden = !status.problem;
  const list = $("networks");
  list.replaceChildren();
  for (const network of status.networks) {
    const item = document.createElement("li");
    item.appendChild(networkButton(network));
    list.appendChild(item);
  }
  const other = document.createElement("button");
  other.type = "button";
  other.id = "other";
  other.textContent = "Another network (hidden, or not in this list)";
  if (chosen && chosen.other) other.classList.add("chosen");
  other.addEventListener("click", () => choose({ other: true }, other));
  const item = document.createElement("li");
  item.appendChild(other);
  list.appendChild(item);
  $("scanned").textContent = status.scanned_at
    ? "Networks Hearth could see at " + new Date(status.scanned_at).toLocaleTimeString() + "."
    : "Hearth has not looked for networks yet.";
  if (waitingFor && status.result && status.result.request === waitingFor) finish(status.result);
}

function finish(result) {
  waitingFor = null;
  $("join").disabled = false;
  if (result.ok) {
    setStatus(result.message + " Connect this phone to that network too, then open " +
      "http://hearth.local:4327/ or the address on Hearth's panel.");
  } else {
    setStatus(result.message);
    $("password").focus();
  }
}

async function refresh() {
  if (!localStorage.getItem(TOKEN_KEY)) { showTokenForm(); return; }
  let response;
  try {
    response = await api("/api/wifi.json");
  } catch (_) {
    setStatus(waitingFor
      ? "Hearth left its setup network to try the network you chose. If the password was " +
        "right, Hearth is on it now: connect this phone to that network and look at the " +
        "panel for Hearth's address (or open http://hearth.local:4327/). If not, Hearth's " +
        "setup network comes back within a minute: rejoin it and this page says what went wrong."
      : "Hearth does not answer. Is this phone still on Hearth's setup network?");
    return;
  }
  if (response.status === 401) {
    localStorage.removeItem(TOKEN_KEY);
    showTokenForm("That token was not accepted. Type the one on Hearth's panel.");
    return;
  }
  if (!response.ok) { setStatus(await errorMessage(response)); return; }
  render(await response.json());
}

async function join(event) {
  event.preventDefault();
  if (!chosen) { setStatus("Choose a network first."); return; }
  const body = { password: $("password").value, country: $("country").value.trim() };
  if (chosen.other) body.ssid = $("other-name").value;
  else body.ssid_hex = chosen.ssid_hex;
  let response;
  try {
    response = await api("/api/wifi/join", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (_) {
    setStatus("Hearth does not answer. Is this phone still on Hearth's setup network?");
    return;
  }
  if (response.status === 401) { showTokenForm("That token was not accepted."); return; }
  if (response.status !== 202) { setStatus(await errorMessage(response)); return; }
  const answer = await response.json();
  waitingFor = answer.request;
  $("password").value = "";  // it has done its work: the key went to Hearth
  $("join").disabled = true;
  setStatus(answer.message);
}

document.addEventListener("DOMContentLoaded", () => {
  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = $("token-input").value.trim();
    if (!value) return;
    localStorage.setItem(TOKEN_KEY, value);
    $("token-input").value = "";
    refresh();
  });
  $("join-form").addEventListener("submit", join);
  $("show").addEventListener("change", () => {
    $("password").type = $("show").checked ? "text" : "password";
  });
  refresh();
  setInterval(refresh, POLL_MS);
});
