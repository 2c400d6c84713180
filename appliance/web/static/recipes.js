// Hearth's recipes page: no build step, nothing from the internet, one file.
// The token is the chat page's (the same localStorage key): typed once on this device.
// A paste goes to POST /api/recipes and waits for Keep on the panel; what Hearth read
// from it, or why it was not taken, is put on the page as text (textContent), never HTML.
"use strict";

const TOKEN_KEY = "hearth.token";

const $ = (id) => document.getElementById(id);

function setStatus(text, problem) {
  $("status").textContent = text || "";
  $("status").classList.toggle("problem", Boolean(problem));
}

function showTokenForm(reason) {
  $("token-form").hidden = false;
  $("paste-form").hidden = true;
  setStatus(reason || "", Boolean(reason));
  $("token-input").focus();
}

function showPasteForm() {
  $("token-form").hidden = true;
  $("paste-form").hidden = false;
}

async function errorMessage(response) {
  try {
    const body = await response.json();
    if (body && body.error && body.error.message) return body.error.message;
  } catch (_) { /* not JSON: fall through */ }
  return "Hearth answered " + response.status + ".";
}

function element(tag, text, className) {
  const el = document.createElement(tag);
  if (text !== undefined) el.textContent = text;
  if (className) el.className = className;
  return el;
}

// What Hearth read from the paste: the title, how many it serves, the list, the steps.
function showRead(recipe) {
  const read = $("read");
  read.replaceChildren(element("h3", "Read as: " + recipe.title));
  if (recipe.serves !== null) {
    read.appendChild(element("p", (recipe.makes ? "Makes " : "Serves ") + recipe.serves, "hint"));
  }
  read.appendChild(element("h4", "Ingredients"));
  const list = element("ul");
  let group = null;
  for (const ingredient of recipe.ingredients) {
    if (ingredient.group !== group) {
      group = ingredient.group;
      if (group) list.appendChild(element("li", group + ":", "group"));
    }
    list.appendChild(element("li", ingredient.line));
  }
  read.appendChild(list);
  read.appendChild(element("h4", "Method"));
  const steps = element("ol", undefined, "steps");
  for (const step of recipe.steps) steps.appendChild(element("li", step));
  read.appendChild(steps);
  read.hidden = false;
}

function addWaiting(recipe) {
  const none = $("none-waiting");
  if (none) none.remove();
  const row = element("li");
  const link = element("a", recipe.title);
  link.href = "/recipes/" + encodeURIComponent(recipe.id);
  row.append(link, " ");
  row.appendChild(element("span", "waiting for Keep on the panel", "hint"));
  $("waiting").appendChild(row);
  $("waiting-count").textContent = String($("waiting").childElementCount);
}

async function paste(text, title) {
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) {
    showTokenForm();
    return false;
  }
  let response;
  try {
    response = await fetch("/api/recipes", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Authorization": "Bearer " + token },
      body: JSON.stringify(title ? { text: text, title: title } : { text: text }),
    });
  } catch (err) {
    setStatus("Could not reach Hearth: " + err.message + ". The recipe is still in the box.", true);
    return false;
  }
  if (response.status === 401) {
    localStorage.removeItem(TOKEN_KEY);
    showTokenForm("That token was not accepted. Enter the one `hearth token` prints.");
    return false;
  }
  if (!response.ok) {
    $("read").hidden = true;
    setStatus(await errorMessage(response), true);
    return false;
  }
  const recipe = await response.json();
  showRead(recipe);
  addWaiting(recipe);
  setStatus("“" + recipe.title + "” is waiting for Keep on the panel " +
            "(or `hearth recipes keep " + recipe.id + "`).");
  return true;
}

// Ask for the view cookie with the token: false when the token is not accepted.
async function tokenAccepted(token) {
  try {
    const response = await fetch("/session", {
      method: "POST", headers: { "Authorization": "Bearer " + token },
    });
    return response.status !== 401;
  } catch (_) {
    return true;  // Hearth unreachable: the token may be fine; pasting will say so
  }
}

function start() {
  $("token-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const value = $("token-input").value.trim();
    if (!value) return;
    if (!(await tokenAccepted(value))) {
      showTokenForm("That token was not accepted. Enter the one `hearth token` prints.");
      return;
    }
    localStorage.setItem(TOKEN_KEY, value);
    $("token-input").value = "";
    setStatus("");
    showPasteForm();
  });

  $("paste-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("recipe-text").value;
    if (!text.trim()) return;
    $("paste").disabled = true;
    setStatus("Reading it…");
    try {
      if (await paste(text, $("recipe-title").value.trim())) {
        $("recipe-text").value = "";  // a refused paste stays in the box to be fixed
        $("recipe-title").value = "";
      }
    } finally {
      $("paste").disabled = false;
    }
  });

  if (localStorage.getItem(TOKEN_KEY)) showPasteForm();
  else showTokenForm();
}

start();
