"""The engine's events in Italian and Russian, with the modern official terms (TERMINOLOGY.md).

>>> from tutor.engine import Event
>>> render_event(Event("step_begins", ("504",), {"step": "draw"}), {}, "it")
'Inizia la sottofase di acquisizione. [504]'
>>> render_event(Event("step_begins", ("504",), {"step": "draw"}), {}, "ru")
'Начинается шаг взятия карты. [504]'
"""

from __future__ import annotations

__all__ = ["STEP_NAMES", "player_genitive", "player_name", "render_event", "render_log"]

STEP_NAMES = {
    "untap": ("sottofase di STAP", "шаг разворота"),
    "upkeep": ("sottofase di mantenimento", "шаг поддержки"),
    "draw": ("sottofase di acquisizione", "шаг взятия карты"),
    "precombat_main": ("prima fase principale", "первая главная фаза"),
    "beginning_of_combat": ("sottofase di inizio combattimento", "шаг начала боя"),
    "declare_attackers": ("sottofase di dichiarazione delle creature attaccanti", "шаг назначения атакующих"),
    "declare_blockers": ("sottofase di dichiarazione delle creature bloccanti", "шаг назначения блокирующих"),
    "first_strike_damage": ("sottofase di danno da combattimento (attacco improvviso)", "шаг боевых повреждений первого удара"),
    "combat_damage": ("sottofase di danno da combattimento", "шаг боевых повреждений"),
    "end_of_combat": ("sottofase di fine combattimento", "шаг конца боя"),
    "postcombat_main": ("seconda fase principale", "вторая главная фаза"),
    "end": ("sottofase finale", "заключительный шаг"),
    "cleanup": ("sottofase di cancellazione", "шаг очистки"),
}
COLORS = {"W": ("bianco", "белой"), "U": ("blu", "синей"), "B": ("nero", "черной"), "R": ("rosso", "красной"),
          "G": ("verde", "зеленой"), "C": ("incolore", "бесцветной")}

# kind -> (Italian, Russian) templates; fields: {p} player, {c} card, {t} target, {n} amount, {s} step ...
TEMPLATES: dict[str, tuple[str, str]] = {
    "turn_begins": ("Inizia il turno {turn} {pg}.", "Начинается ход {turn}: ходит {p}."),
    "step_begins": ("Inizia la {s}.", "Начинается {s}."),
    "untap": ("{p} STAPpa i suoi permanenti.", "{p} разворачивает свои перманенты."),
    "no_priority": ("Nessun giocatore riceve priorità in questa sottofase.", "В этом шаге игроки не получают приоритет."),
    "draw_skipped": ("{p} gioca per primo: salta l'acquisizione del primo turno.", "{p} ходит первым и пропускает взятие карты в первый ход."),
    "draw": ("{p} pesca una carta.", "{p} берёт карту."),
    "draw_from_empty": ("{p} dovrebbe pescare da un grimorio vuoto.", "{p} должен взять карту из пустой библиотеки."),
    "first_strike_step": ("Una creatura con attacco improvviso o doppio attacco è in combattimento: c'è una sottofase di danno in più.",
                          "В бою есть существо с первым или двойным ударом: добавляется ещё один шаг боевых повреждений."),
    "mana_empties": ("Il mana non speso di {p} si svuota dalla riserva.", "Непотраченная мана {pg} исчезает из хранилища маны."),
    "combat_ends": ("Le creature sono rimosse dal combattimento.", "Существа выводятся из боя."),
    "step_skipped": ("Nessuna creatura attacca: si salta la {s2}.", "Никто не атакует: {s2} пропускается."),
    "cleanup": ("Il danno è rimosso e gli effetti «fino alla fine del turno» finiscono.", "Повреждения снимаются, эффекты «до конца хода» заканчиваются."),
    "sba_life": ("{p} ha {life} punti vita (0 o meno): perde la partita.", "У {pg} {life} жизней (0 или меньше): он проигрывает."),
    "sba_empty_library": ("{p} ha pescato da un grimorio vuoto: perde la partita.", "{p} пытался взять карту из пустой библиотеки: он проигрывает."),
    "game_draw": ("Tutti i giocatori perdono contemporaneamente: la partita finisce in parità.", "Все игроки проигрывают одновременно: ничья."),
    "game_won": ("{winner} vince la partita.", "{winner} выигрывает партию."),
    "sba_counters": ("Segnalini +1/+1 e -1/-1 si annullano su {c}.", "Жетоны +1/+1 и -1/-1 на карте «{c}» взаимно уничтожаются."),
    "sba": ("Azione generata dallo stato su {c}.", "Действие, вызванное состоянием: «{c}»."),
    "legend_rule": ("Regola delle leggende: {c} va nel cimitero.", "Правило легендарности: {c} кладётся на кладбище."),
    "trigger": ("Si innesca un'abilità di {c}.", "Срабатывает способность карты «{c}»."),
    "trigger_removed": ("L'abilità innescata di {c} non ha bersagli legali: viene rimossa.", "У сработавшей способности карты «{c}» нет допустимых целей: она удаляется."),
    "trigger_on_stack": ("L'abilità innescata di {c} va in pila.", "Сработавшая способность карты «{c}» кладётся в стек."),
    "land_played": ("{p} gioca {c}.", "{p} играет землю «{c}»."),
    "cast": ("{p} lancia {c}{targets}.", "{p} разыгрывает заклинание «{c}»{targets}."),
    "activate": ("{p} attiva un'abilità di {c}{targets}.", "{p} активирует способность карты «{c}»{targets}."),
    "mana": ("{p} TAPpa {c} per {color}.", "{p} поворачивает карту «{c}» и получает {color}."),
    "mana_ability": ("{p} TAPpa {c}: aggiunge {color} alla riserva.", "{p} поворачивает карту «{c}»: в хранилище маны добавляется {color}."),
    "sacrifice": ("{p} sacrifica {c}.", "{p} приносит в жертву «{c}»."),
    "pass": ("{p} passa.", "{p} пасует."),
    "doesnt_resolve": ("Tutti i bersagli di {c} sono illegali: non si risolve.", "Все цели «{c}» недопустимы: заклинание или способность не разрешается."),
    "resolve": ("{c} si risolve.", "{c} разрешается."),
    "attach": ("{c} è assegnato a {t}.", "«{c}» прикрепляется к карте «{t}»."),
    "enters": ("{c} entra nel campo di battaglia.", "{c} выходит на поле битвы."),
    "exile": ("{c} è esiliato.", "{c} изгоняется."),
    "bounce": ("{c} ritorna in mano al proprietario.", "{c} возвращается в руку владельца."),
    "countered": ("{c} è neutralizzato.", "{c} отменяется."),
    "tapped": ("{c} viene TAPpato.", "{c} поворачивается."),
    "untapped": ("{c} viene STAPpato.", "{c} разворачивается."),
    "discard": ("{p} scarta {c}.", "{p} сбрасывает карту «{c}»."),
    "life_gain": ("{p} guadagna {amount} {pv} (ora {life}).", "{p} получает жизни: {amount} (теперь {life})."),
    "life_loss": ("{p} perde {amount} {pv} (ora {life}).", "{p} теряет жизни: {amount} (теперь {life})."),
    "token_created": ("Viene creata una pedina {c}.", "Создаётся фишка {c}."),
    "token_ceases": ("La pedina {c} ha lasciato il campo di battaglia e cessa di esistere.", "Фишка {c} покинула поле битвы и перестаёт существовать."),
    "counters": ("{c} riceve {count} {segn} {ckind}.", "На карту «{c}» кладутся жетоны {ckind}: {count}."),
    "pump": ("{c} prende {pt} fino alla fine del turno.", "{c} получает {pt} до конца хода."),
    "grant": ("{c} guadagna {kw} fino alla fine del turno.", "{c} получает {kw} до конца хода."),
    "regeneration_shield": ("{c} ha uno scudo di rigenerazione.", "«{c}» получает щит регенерации."),
    "regenerated": ("{c} si rigenera: resta sul campo di battaglia, TAPpato, senza danno.", "{c} регенерирует: остаётся на поле битвы повёрнутым, без повреждений."),
    "prevention_effect": ("Un effetto di prevenzione è attivo.", "Действует эффект предотвращения."),
    "damage_prevented": ("{prevented} che {c} infliggerebbe a {t}.", "Предотвращены повреждения от «{c}» ({amount}) → {t}."),
    "damage": ("{c} infligge {amount} {dn}{combat} a {t}.", "«{c}» наносит {combat}повреждения ({amount}) → {t}."),
    "indestructible": ("{c} è indistruttibile: non viene distrutto.", "{c} неразрушим: он не уничтожается."),
    "destroyed": ("{c} viene distrutto.", "{c} уничтожается."),
    "dies": ("{c} muore (va nel cimitero dal campo di battaglia).", "{c} погибает (кладётся на кладбище с поля битвы)."),
    "attackers": ("{p} dichiara attaccanti: {list}.", "{p} назначает атакующих: {list}."),
    "no_attackers": ("Nessuna creatura attacca.", "Никто не атакует."),
    "blockers": ("Dichiarazione dei bloccanti: {list}.", "Назначение блокирующих: {list}."),
    "extra_combat": ("Dopo questa fase principale ci sono una fase di combattimento e una fase principale aggiuntive.",
                     "После этой главной фазы будут дополнительные фаза боя и главная фаза."),
}


def player_name(p: int, lang: str) -> str:
    return ("Giocatore " if lang == "it" else "Игрок ") + "AB"[p]


def player_genitive(p: int, lang: str) -> str:
    """"del Giocatore A" / "игрока A"."""
    return ("del Giocatore " if lang == "it" else "игрока ") + "AB"[p]


def _card(cards: dict, card_id: str | None, lang: str) -> str:
    if not card_id:
        return "?"
    c = cards.get(card_id)
    return c.name.get(lang) or c.name["en"] if c else card_id


def render_event(e, cards: dict, lang: str, names: dict | None = None) -> str:
    """One event as a sentence in `lang` ("it" or "ru"), followed by its rule numbers.

    `names` maps object ids to card ids (for targets the event names only by id)."""
    names = names or {}
    d = e.data
    li = 0 if lang == "it" else 1

    def name_of(target) -> str:
        if isinstance(target, int) and target < 0:
            return player_name(-1 - target, lang)
        return _card(cards, names.get(target), lang)

    f = {
        "p": player_name(d["player"], lang) if "player" in d else "",
        "winner": player_name(d["winner"], lang) if "winner" in d else "",
        "c": _card(cards, d.get("card"), lang),
        "turn": d.get("turn", e.turn),
        "s": STEP_NAMES.get(d.get("step", ""), ("", ""))[li],
        "s2": STEP_NAMES.get(d.get("step", ""), ("", ""))[li],
        "life": d.get("life", ""),
        "amount": d.get("amount", ""),
        "count": d.get("count", ""),
        "ckind": d.get("kind", ""),
        "color": "{" + d["color"] + "}" if "color" in d else "",
        "pt": f"{d.get('power', 0):+d}/{d.get('toughness', 0):+d}",
        "kw": ", ".join(d.get("keywords", [])),
        "combat": (" da combattimento" if li == 0 else "боевые ") if d.get("combat") else "",
        "dn": "danno" if d.get("amount") == 1 else "danni",
        "pv": "punto vita" if d.get("amount") == 1 else "punti vita",
        "segn": "segnalino" if d.get("count") == 1 else "segnalini",
        "prevented": (f"Viene prevenuto {d.get('amount')} danno" if d.get("amount") == 1
                      else f"Vengono prevenuti {d.get('amount')} danni"),
        "pg": player_genitive(d["player"], lang) if "player" in d else "",
    }
    if "to" in d:
        f["t"] = player_name(-1 - d["to"], lang) if d["to"] < 0 else _card(cards, d.get("target_card") or names.get(d["to"]), lang)
        if li == 1 and d["to"] >= 0 and e.kind != "attach":
            f["t"] = f"«{f['t']}»"
    else:
        f["t"] = ""
    targets = d.get("targets") or ()
    f["targets"] = ((" con bersaglio " if li == 0 else " (цель: ") + ", ".join(name_of(t) for t in targets)
                    + ("" if li == 0 else ")")) if targets else ""
    if e.kind == "attackers":
        f["list"] = ", ".join(name_of(a) for a in d.get("attackers", [])) or ("nessuno" if li == 0 else "никого")
    elif e.kind == "blockers":
        sep = " blocca " if li == 0 else " блокирует "
        f["list"] = "; ".join(name_of(b) + sep + name_of(a) for b, a in d.get("blocks", [])) or (
            "nessun blocco" if li == 0 else "блоков нет")
    template = TEMPLATES.get(e.kind)
    text = template[li].format(**f) if template else e.kind
    return f"{text} [{', '.join(e.rules)}]"


def render_log(events: list, cards: dict, lang: str, names: dict | None = None) -> list[str]:
    """Events as lines "T<turn> <step>: sentence [rules]"."""
    out = []
    for e in events:
        out.append(f"T{e.turn} {STEP_NAMES.get(e.step, (e.step, e.step))[0 if lang == 'it' else 1]}: "
                   f"{render_event(e, cards, lang, names)}")
    return out
