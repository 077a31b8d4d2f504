/* cuda2tile dashboard: sortable and filterable tables. No dependencies, no network.
 * Without this script every table is shown in full; the filter forms stay hidden. */
(function () {
  "use strict";

  function cellValue(row, index, type) {
    var cell = row.cells[index];
    if (!cell) return type === "number" ? -Infinity : "";
    var raw = cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent.trim();
    if (type === "number") {
      var n = parseFloat(raw);
      return isNaN(n) ? -Infinity : n;
    }
    return raw.toLowerCase();
  }

  function makeSortable(table) {
    var headers = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(headers, function (th, index) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      while (th.firstChild) button.appendChild(th.firstChild);
      var arrow = document.createElement("span");
      arrow.className = "arrow";
      arrow.setAttribute("aria-hidden", "true");
      button.appendChild(arrow);
      th.appendChild(button);
      button.addEventListener("click", function () {
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(headers, function (other) { other.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var type = th.getAttribute("data-type") || "text";
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.forEach(function (row, i) { row._order = i; });
        rows.sort(function (a, b) {
          var x = cellValue(a, index, type), y = cellValue(b, index, type);
          if (x < y) return ascending ? -1 : 1;
          if (x > y) return ascending ? 1 : -1;
          return a._order - b._order;
        });
        var fragment = document.createDocumentFragment();
        rows.forEach(function (row) { fragment.appendChild(row); });
        body.appendChild(fragment);
      });
    });
  }

  function matches(row, field) {
    var wanted = field.value.trim();
    if (!wanted) return true;
    var key = field.getAttribute("data-field");
    var have = row.getAttribute("data-" + key) || "";
    switch (field.getAttribute("data-match")) {
      case "prefix": return have === wanted || have.indexOf(wanted + "/") === 0;
      case "list": return have.indexOf("|" + wanted + "|") !== -1;
      case "text": return have.indexOf(wanted.toLowerCase()) !== -1;
      default: return have === wanted;
    }
  }

  function makeFilterable(form) {
    var table = document.getElementById(form.getAttribute("data-filters"));
    var count = document.getElementById(form.getAttribute("data-count"));
    var noun = form.getAttribute("data-noun") || "rows";
    if (!table) return;
    var fields = Array.prototype.slice.call(form.querySelectorAll("[data-field]"));
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);

    function apply() {
      var shown = 0;
      rows.forEach(function (row) {
        var ok = fields.every(function (f) { return matches(row, f); });
        row.hidden = !ok;
        if (ok) shown += 1;
      });
      if (count) {
        count.textContent = shown === rows.length ? rows.length + " " + noun
          : "Showing " + shown + " of " + rows.length + " " + noun;
      }
      var params = new URLSearchParams();
      fields.forEach(function (f) { if (f.value.trim()) params.set(f.name, f.value.trim()); });
      try {  /* file:// pages may refuse history updates: the filter still works */
        var query = params.toString();
        history.replaceState(null, "", (query ? "?" + query : location.pathname.split("/").pop()) + location.hash);
      } catch (e) { /* ignored on purpose */ }
    }

    var params = new URLSearchParams(location.search);
    fields.forEach(function (f) {
      var value = params.get(f.name);
      if (value === null) return;
      if (f.tagName === "SELECT" && !Array.prototype.some.call(f.options, function (o) { return o.value === value; })) {
        var option = document.createElement("option");  /* a value from a link, with no row in this table */
        option.value = value;
        option.textContent = value + " (0)";
        f.appendChild(option);
      }
      f.value = value;
    });
    fields.forEach(function (f) { f.addEventListener(f.tagName === "SELECT" ? "change" : "input", apply); });
    form.addEventListener("submit", function (event) { event.preventDefault(); apply(); });
    form.addEventListener("reset", function () { setTimeout(apply, 0); });
    form.hidden = false;
    apply();
  }

  document.querySelectorAll("table[data-sortable]").forEach(makeSortable);
  document.querySelectorAll("form[data-filters]").forEach(makeFilterable);
})();
