"""User-facing texts of the command line, in Italian and Russian (English as a fallback).

>>> t("not_found", "ru", what="xyz")
'Ничего не найдено: xyz'
"""

from __future__ import annotations

import os

__all__ = ["LANG_NAMES", "MESSAGES", "t", "ui_lang"]

LANG_NAMES = {
    "it": {"it": "italiano", "ru": "russo", "en": "inglese"},
    "ru": {"it": "итальянском", "ru": "русском", "en": "английском"},  # prepositional: «на итальянском»
}

MESSAGES: dict[str, dict[str, str]] = {
    "prog_description": {
        "it": "Glossario e tutor delle regole di Magic: The Gathering, offline, in italiano e russo.",
        "ru": "Офлайн-глоссарий и учебник правил Magic: The Gathering на итальянском и русском.",
    },
    "empty_query": {
        "it": "La ricerca è vuota: scrivi un termine (es. «cimitero», «кладбище») o un numero di regola (es. 113.3b).",
        "ru": "Пустой запрос: введите термин (например, «кладбище», «cimitero») или номер правила (например, 113.3b).",
    },
    "query_truncated": {
        "it": "Ricerca troppo lunga: uso solo i primi {n} caratteri.",
        "ru": "Слишком длинный запрос: используются только первые {n} символов.",
    },
    "not_found": {"it": "Nessun risultato per: {what}", "ru": "Ничего не найдено: {what}"},
    "no_entry": {
        "it": "Nessuna voce per «{what}». Prova: mtg-tutor lookup {what}",
        "ru": "Нет статьи «{what}». Попробуйте: mtg-tutor lookup {what}",
    },
    "no_rule": {
        "it": "La regola {what} non è nelle fonti (né il testo né il titolo).",
        "ru": "Правила {what} нет в источниках (ни текста, ни названия).",
    },
    "bad_rule_number": {
        "it": "«{what}» non è un numero di regola (esempi: 113, 113.3, 113.3b).",
        "ru": "«{what}» — не номер правила (примеры: 113, 113.3, 113.3b).",
    },
    "bad_limit": {"it": "--limit deve essere un numero da 1 a 100, non «{what}».",
                  "ru": "--limit должен быть числом от 1 до 100, а не «{what}»."},
    "col_kind": {"it": "tipo", "ru": "вид"},
    "col_term": {"it": "voce", "ru": "статья"},
    "col_lang": {"it": "lingua", "ru": "язык"},
    "col_score": {"it": "punteggio", "ru": "оценка"},
    "col_translations": {"it": "traduzioni", "ru": "переводы"},
    "kind_term": {"it": "termine", "ru": "термин"},
    "kind_rule": {"it": "regola", "ru": "правило"},
    "definition": {"it": "Definizione", "ru": "Определение"},
    "other_language": {"it": "Nell'altra lingua", "ru": "На другом языке"},
    "no_entry_in_lang": {
        "it": "Nessuna voce in {lang} nelle fonti; il concetto in {lang} si chiama: {name}",
        "ru": "В источниках нет статьи на {lang} языке; понятие на {lang} называется: {name}",
    },
    "modern_rules": {"it": "Nelle regole moderne ({year})", "ru": "В современных правилах ({year})"},
    "modern_term": {"it": "Termine attuale", "ru": "Современный термин"},
    "editor_note": {"it": "Nota della redazione", "ru": "Примечание редакции"},
    "corrected": {"it": "testo corretto dalla redazione", "ru": "текст исправлен редакцией"},
    "original_text": {"it": "Testo originale della fonte", "ru": "Исходный текст источника"},
    "symbols_restored": {
        "it": "Simboli di mana e di TAP ripristinati dalla redazione ({?} = simbolo perso nella fonte); il testo originale è nel JSON (--json).",
        "ru": "Символы маны и поворота восстановлены редакцией ({?} — символ, утраченный в источнике); исходный текст — в JSON (--json).",
    },
    "links": {"it": "Collegamenti", "ru": "Ссылки"},
    "unresolved": {"it": "Riferimenti non risolti", "ru": "Неразрешённые ссылки"},
    "backlinks": {"it": "Puntano qui", "ru": "Ссылаются сюда"},
    "source": {"it": "Fonte", "ru": "Источник"},
    "concept": {"it": "Concetto", "ru": "Понятие"},
    "rules_about": {"it": "Regole", "ru": "Правила"},
    "status_title_only": {
        "it": "solo il titolo: il testo non è nelle fonti",
        "ru": "только название: текста нет в источниках",
    },
    "status_other_edition": {
        "it": "numerazione di un'edizione precedente: il titolo attuale può non corrispondere",
        "ru": "нумерация прежнего издания: нынешнее название может не совпадать",
    },
    "status_missing": {"it": "non presente nelle fonti", "ru": "отсутствует в источниках"},
    "status_unresolved": {"it": "non risolto", "ru": "не разрешено"},
    "status_fixed": {"it": "corretto dalla redazione", "ru": "исправлено редакцией"},
    "examples": {"it": "Esempi", "ru": "Примеры"},
    "example": {"it": "Esempio", "ru": "Пример"},
    "children": {"it": "Sottoregole", "ru": "Подпункты"},
    "rule_no_text": {
        "it": "Il testo di questa regola non è nelle fonti: ne conosciamo solo il titolo.",
        "ru": "Текста этого правила нет в источниках: известно только название.",
    },
    "rule_doc": {"it": "Documento: {title} (in vigore: {date})", "ru": "Документ: {title} (действует: {date})"},
    "current_title": {
        "it": "Attenzione: nelle regole più recenti ({doc}) la regola {number} è «{title}»: questo testo usa la numerazione di un'edizione precedente.",
        "ru": "Внимание: в более новых правилах ({doc}) правило {number} называется «{title}»; этот текст использует нумерацию прежнего издания.",
    },
    "other_editions": {"it": "Altre edizioni", "ru": "Другие издания"},
    # Words for the knowledge base's codes (tutor.views.texts).
    "fix_copied_definition": {"it": "definizione copiata da un'altra voce", "ru": "определение скопировано из другой статьи"},
    "fix_corrupted_reference": {"it": "rimando corrotto", "ru": "искажённая ссылка"},
    "fix_swallowed_entry": {"it": "voce finita dentro un'altra", "ru": "статья слилась с другой"},
    "fix_count_mismatch": {"it": "il numero annunciato non corrisponde all'elenco",
                           "ru": "объявленное число не совпадает со списком"},
    "fix_wrong_rule": {"it": "numero di regola sbagliato", "ru": "неверный номер правила"},
    "fix_missing_section": {"it": "sezione non presente nelle fonti", "ru": "раздела нет в источниках"},
    "ref_see": {"it": "rimando «Vedi»", "ru": "ссылка «см.»"},
    "ref_see_also": {"it": "rimando «Vedi anche»", "ru": "ссылка «см. также»"},
    "ref_compare": {"it": "rimando «Confronta con»", "ru": "ссылка «сравните с»"},
    "ref_see_rule": {"it": "rimando a una regola", "ru": "ссылка на правило"},
    "ref_see_section": {"it": "rimando a una sezione", "ru": "ссылка на раздел"},
    "ref_see_page": {"it": "rimando a una pagina", "ru": "ссылка на страницу"},
    "refs_resolved": {"it": "collegati a una voce o a una regola", "ru": "ведут на статью или правило"},
    "refs_fixed": {"it": "corretti dalla redazione", "ru": "исправлено редакцией"},
    "refs_title_only": {"it": "solo il titolo", "ru": "только название"},
    "refs_missing": {"it": "non presenti nelle fonti", "ru": "нет в источниках"},
    "refs_unresolved": {"it": "non risolti", "ru": "не разрешено"},
    "items_forms": {"it": "voce|voci", "ru": "пункт|пункта|пунктов"},
    "finding_duplicate_definition": {
        "it": "la definizione di {entry} è identica a quella di {same_as}",
        "ru": "определение статьи {entry} совпадает с определением статьи {same_as}",
    },
    "finding_count_mismatch": {
        "it": "{entry}: il testo annuncia {says} {says_items}, l'elenco ne ha {items}",
        "ru": "{entry}: в тексте обещано {says} {says_items}, в списке {items}",
    },
    "finding_edition_numbering": {
        "it": "la regola {rule} ha titoli diversi nelle edizioni: {titles}",
        "ru": "у правила {rule} в разных изданиях разные названия: {titles}",
    },
    "finding_other": {"it": "controllo «{check}»", "ru": "проверка «{check}»"},
    "check_title": {"it": "Controllo della base di conoscenza", "ru": "Проверка базы знаний"},
    "check_entries": {"it": "Voci", "ru": "Статьи"},
    "check_concepts": {"it": "Concetti (con entrambe le lingue: {both})", "ru": "Понятия (на обоих языках: {both})"},
    "check_rules": {"it": "Regole (con testo)", "ru": "Правила (с текстом)"},
    "check_sections": {"it": "Sezioni", "ru": "Разделы"},
    "check_refs": {
        "it": "Riferimenti: {total}, risolti {share:.1%} ({detail})",
        "ru": "Ссылки: {total}, разрешено {share:.1%} ({detail})",
    },
    "check_findings": {"it": "Difetti delle fonti trovati dai controlli", "ru": "Дефекты источников, найденные проверками"},
    "check_curated": {"it": "spiegato dalla redazione", "ru": "объяснено редакцией"},
    "check_open": {"it": "NON spiegato", "ru": "НЕ объяснено"},
    "check_unaligned": {"it": "Voci senza concetto", "ru": "Статьи без понятия"},
    "check_ok": {"it": "La base di conoscenza è coerente.", "ru": "База знаний согласована."},
    "check_bad": {"it": "La base di conoscenza NON è coerente.", "ru": "База знаний НЕ согласована."},
    "check_stray": {"it": "Righe spurie nelle fonti (ignorate)", "ru": "Лишние строки в источниках (пропущены)"},
    "import_not_file": {"it": "{path}: file non trovato o illeggibile.", "ru": "{path}: файл не найден или не читается."},
    "import_not_rules": {
        "it": "{path}: non è un documento delle Regole complete (nessuna regola numerata riconosciuta). Nulla è stato modificato.",
        "ru": "{path}: это не документ Комплексных правил (не найдено нумерованных правил). Ничего не изменено.",
    },
    "import_bad": {
        "it": "{path}:{line}: {message}. Nulla è stato modificato.",
        "ru": "{path}:{line}: {message}. Ничего не изменено.",
    },
    "import_done": {
        "it": "Importato: {title} ({doclang}, in vigore dal {date}): {rules} regole, {glossary} voci di glossario. Salvato in {dest}.",
        "ru": "Импортировано: {title} ({doclang}, действует с {date}): правил — {rules}, статей глоссария — {glossary}. Сохранено в {dest}.",
    },
    "curated_error": {
        "it": "Errore nei dati della redazione: {error}",
        "ru": "Ошибка в данных редакции: {error}",
    },
    "help_scenario": {"it": "esegue scenari YAML sul motore delle regole", "ru": "запустить YAML-сценарии на движке правил"},
    "help_verbose": {"it": "mostra anche il registro degli eventi", "ru": "показать также журнал событий"},
    "invalid_file": {"it": "file non valido: {error}", "ru": "неверный файл: {error}"},
    "scenario_ok": {"it": "OK", "ru": "OK"},
    "scenario_failed": {"it": "FALLITO", "ru": "ОШИБКА"},
    "expected": {"it": "atteso", "ru": "ожидалось"},
    "actual": {"it": "ottenuto", "ru": "получено"},
    "rule_broken": {"it": "regola", "ru": "правило"},
    "event_log": {"it": "Registro degli eventi", "ru": "Журнал событий"},
    # ---- the Textual app ----
    "app_title": {"it": "mtg-tutor · glossario e regole", "ru": "mtg-tutor · глоссарий и правила"},
    "search_placeholder": {"it": "Cerca: cimitero, кладбище, graveyard, 113.3b…", "ru": "Поиск: кладбище, cimitero, graveyard, 113.3b…"},
    "jump_placeholder": {"it": "Vai alla regola: 113.3b, 502…", "ru": "Перейти к правилу: 113.3b, 502…"},
    "no_results": {"it": "Nessun risultato", "ru": "Ничего не найдено"},
    "welcome": {
        "it": "Scrivi per cercare un termine in italiano, russo o inglese, o un numero di regola. ↑↓ scelgono, Invio apre. F1 mostra i tasti.",
        "ru": "Начните вводить термин на итальянском, русском или английском либо номер правила. ↑↓ — выбор, Enter — открыть. F1 — клавиши.",
    },
    "key_back": {"it": "Indietro", "ru": "Назад"},
    "key_forward": {"it": "Avanti", "ru": "Вперёд"},
    "key_search": {"it": "Cerca", "ru": "Поиск"},
    "key_language": {"it": "Русский", "ru": "Italiano"},
    "key_glossary": {"it": "Glossario", "ru": "Глоссарий"},
    "key_rules": {"it": "Regole", "ru": "Правила"},
    "key_help": {"it": "Tasti", "ru": "Клавиши"},
    "key_quit": {"it": "Esci", "ru": "Выход"},
    "key_palette": {"it": "Comandi", "ru": "Команды"},
    "cmd_language": {"it": "Lingua: passa al russo", "ru": "Язык: перейти на итальянский"},
    "cmd_language_help": {"it": "Interfaccia e lingua principale in russo", "ru": "Интерфейс и основной язык — итальянский"},
    "cmd_glossary_help": {"it": "Cerca e leggi le voci del glossario", "ru": "Поиск и чтение статей глоссария"},
    "cmd_rules_help": {"it": "Indice e testo delle Regole complete", "ru": "Оглавление и текст Комплексных правил"},
    "cmd_back_help": {"it": "Torna alla pagina precedente", "ru": "Вернуться на предыдущую страницу"},
    "cmd_forward_help": {"it": "Vai alla pagina successiva", "ru": "Перейти на следующую страницу"},
    "cmd_help_help": {"it": "Mostra i tasti", "ru": "Показать клавиши"},
    "toc_title": {"it": "Regole complete", "ru": "Комплексные правила"},
    "breadcrumb": {"it": "Percorso", "ru": "Путь"},
    "help_title": {"it": "Tasti", "ru": "Клавиши"},
    "help_body": {
        "it": "/ o Ctrl+F  cerca\n↑ ↓  scegli un risultato, Invio  apri\nTab  passa ai collegamenti (Invio li segue)\nAlt+← o Backspace  indietro · Alt+→  avanti\nCtrl+L  lingua italiano / russo\nCtrl+G  glossario · Ctrl+R  regole (scrivi un numero per saltare)\nCtrl+P  tavolozza dei comandi · F1 o ?  questo aiuto · Ctrl+Q  esci\n\nEsc chiude questo aiuto.",
        "ru": "/ или Ctrl+F  поиск\n↑ ↓  выбрать результат, Enter  открыть\nTab  к ссылкам (Enter — перейти)\nAlt+← или Backspace  назад · Alt+→  вперёд\nCtrl+L  язык: русский / итальянский\nCtrl+G  глоссарий · Ctrl+R  правила (введите номер для перехода)\nCtrl+P  палитра команд · F1 или ?  эта справка · Ctrl+Q  выход\n\nEsc закрывает справку.",
    },
    "not_in_sources": {"it": "non nelle fonti", "ru": "нет в источниках"},
    "help_lookup": {"it": "cerca un termine o una regola", "ru": "найти термин или правило"},
    "help_show": {"it": "mostra una voce in entrambe le lingue", "ru": "показать статью на обоих языках"},
    "help_rule": {"it": "mostra una regola per numero", "ru": "показать правило по номеру"},
    "help_kb": {"it": "base di conoscenza: check, rebuild", "ru": "база знаний: check, rebuild"},
    "help_import": {"it": "importa un file delle Regole complete", "ru": "импортировать файл Комплексных правил"},
    "help_json": {"it": "risultato in JSON", "ru": "результат в JSON"},
    "help_ui": {"it": "lingua dell'interfaccia", "ru": "язык интерфейса"},
    "rebuilt": {"it": "Indice ricostruito in {ms:.0f} ms.", "ru": "Индекс перестроен за {ms:.0f} мс."},
}


def ui_lang(explicit: str | None = None) -> str:
    """The interface language: explicit choice, then ``MTG_TUTOR_UI``, then the locale (Russian or Italian)."""
    for cand in (explicit, os.environ.get("MTG_TUTOR_UI")):
        if cand in ("it", "ru"):
            return cand
    loc = os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG") or ""
    return "ru" if loc.lower().startswith("ru") else "it"


def t(key: str, ui: str, /, **kw: object) -> str:
    """The message `key` in interface language `ui` (Italian when it has none), formatted with `kw`."""
    msgs = MESSAGES[key]
    text = msgs.get(ui) or msgs.get("it") or msgs["en"]
    return text.format(**kw) if kw else text
