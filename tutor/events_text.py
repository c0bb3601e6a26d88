"""The engine's events in Italian and Russian, with the modern official terms (TERMINOLOGY.md).

>>> from tutor.engine import Event
>>> render_event(Event("step_begins", ("504",), {"step": "draw"}), {}, "it")
'Inizia la sottofase di acquisizione. [504]'
>>> render_event(Event("step_begins", ("504",), {"step": "draw"}), {}, "ru")
'Начинается шаг взятия карты. [504]'
"""

from __future__ import annotations

__all__ = ["KEYWORD_NAMES", "STEP_NAMES", "player_genitive", "player_name", "render_event", "render_log"]

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
# How to name a card in a sentence, by what it is: Italian (noun, gender), Russian (nominative, dative).
NOUNS = {  # Italian (noun, gender); Russian (nominative, dative, accusative)
    "token": (("pedina", "f"), ("фишка", "фишке", "фишку")),
    "creature": (("creatura", "f"), ("существо", "существу", "существо")),
    "land": (("terra", "f"), ("земля", "земле", "землю")),
    "spell": (("magia", "f"), ("заклинание", "заклинанию", "заклинание")),
    "artifact": (("artefatto", "m"), ("артефакт", "артефакту", "артефакт")),
    "enchantment": (("incantesimo", "m"), ("карта чар", "карте чар", "карту чар")),
    "card": (("carta", "f"), ("карта", "карте", "карту")),
}
KEYWORD_NAMES = {
    "flying": ("volare", "полёт"), "reach": ("raggiungere", "захват"), "first strike": ("attacco improvviso", "первый удар"),
    "double strike": ("doppio attacco", "двойной удар"), "deathtouch": ("tocco letale", "смертельное касание"),
    "lifelink": ("legame vitale", "цепь жизни"), "trample": ("travolgere", "пробивной удар"),
    "vigilance": ("cautela", "бдительность"), "haste": ("rapidità", "ускорение"), "defender": ("difensore", "защитник"),
    "flash": ("lampo", "миг"), "menace": ("minacciare", "угроза"), "fear": ("paura", "страх"),
    "unblockable": ("non può essere bloccata", "не может быть заблокировано"),
    "indestructible": ("indistruttibile", "неразрушимость"),
    "protection from white": ("protezione dal bianco", "защита от белого"),
    "protection from blue": ("protezione dal blu", "защита от синего"),
    "protection from black": ("protezione dal nero", "защита от черного"),
    "protection from red": ("protezione dal rosso", "защита от красного"),
    "protection from green": ("protezione dal verde", "защита от зеленого"),
    "plainswalk": ("passa-pianure", "знание равнин"), "islandwalk": ("passa-isole", "знание островов"),
    "swampwalk": ("passa-paludi", "знание болот"), "mountainwalk": ("passa-montagne", "знание гор"),
    "forestwalk": ("passa-foreste", "знание лесов"),
}

# kind -> (Italian, Russian). {C} the card named with what it is ("la creatura «Orsi Grizzly»" / "существо
# «Медведи гризли»"), {Cc} the same capitalised, {Td} the target as an indirect object ("alla creatura …",
# "al Giocatore B" / "существу …", "игроку B"), {Rc} what resolves ("La magia «Shock»" / "Заклинание «Шок»"),
# {o} the Italian gender ending ("a" / "o"), {P} the player as the subject, {pg} after "of" ("del Giocatore A").
TEMPLATES: dict[str, tuple[str, str]] = {
    "turn_begins": ("Inizia il turno {turn} {pg}.", "Начинается ход {turn}: ходит {p}."),
    "step_begins": ("Inizia la {s}.", "Начинается {s}."),
    "untap": ("{P} STAPpa i suoi permanenti.", "{P} разворачивает свои перманенты."),
    "no_priority": ("Nessun giocatore riceve priorità in questa sottofase.", "В этом шаге игроки не получают приоритет."),
    "draw_skipped": ("{P} gioca per primo: salta la sottofase di acquisizione del suo primo turno.",
                     "{P} ходит первым и пропускает шаг взятия карты своего первого хода."),
    "draw": ("{P} pesca una carta.", "{P} берёт карту."),
    "draw_from_empty": ("{P} dovrebbe pescare da un grimorio vuoto.", "{P} должен взять карту из пустой библиотеки."),
    "first_strike_step": ("Una creatura con attacco improvviso o doppio attacco è in combattimento: c'è una sottofase di danno in più.",
                          "В бою есть существо с первым или двойным ударом: добавляется ещё один шаг боевых повреждений."),
    "mana_empties": ("Il mana non speso {pg} si svuota dalla riserva.", "Непотраченная мана {pg} исчезает из хранилища маны."),
    "combat_ends": ("Le creature sono rimosse dal combattimento.", "Существа выводятся из боя."),
    "step_skipped": ("Nessuna creatura attacca: si salta la {s2}.", "Никто не атакует: {s2} пропускается."),
    "cleanup": ("Il danno è rimosso e gli effetti «fino alla fine del turno» finiscono.", "Повреждения снимаются, эффекты «до конца хода» заканчиваются."),
    "sba_life": ("{P} ha {life} punti vita (0 o meno): perde la partita.", "У {pg} {life} жизней (0 или меньше): он проигрывает."),
    "sba_empty_library": ("{P} ha pescato da un grimorio vuoto: perde la partita.", "{P} пытался взять карту из пустой библиотеки: он проигрывает."),
    "game_draw": ("Tutti i giocatori perdono contemporaneamente: la partita finisce in parità.", "Все игроки проигрывают одновременно: ничья."),
    "game_won": ("{winner} vince la partita.", "{winner} выигрывает партию."),
    "sba_counters": ("{Cc}: i segnalini +1/+1 e -1/-1 si annullano a vicenda.", "{Cc}: жетоны +1/+1 и -1/-1 взаимно уничтожаются."),
    "sba": ("Azione generata dallo stato: {C}.", "Действие, вызванное состоянием: {C}."),
    "legend_rule": ("Regola delle leggende: {C} va nel cimitero.", "Правило легендарности: {C} кладётся на кладбище."),
    "trigger": ("Si innesca un'abilità: {C}.", "Срабатывает способность: {C}."),
    "trigger_removed": ("L'abilità innescata ({C}) non ha bersagli legali: viene rimossa.", "У сработавшей способности ({C}) нет допустимых целей: она удаляется."),
    "trigger_on_stack": ("L'abilità innescata ({C}) va in pila.", "Сработавшая способность ({C}) кладётся в стек."),
    "land_played": ("{P} gioca la terra «{c}».", "{P} играет землю «{c}»."),
    "cast": ("{P} lancia la magia «{c}»{targets}.", "{P} разыгрывает заклинание «{c}»{targets}."),
    "activate": ("{P} attiva un'abilità ({C}){targets}.", "{P} активирует способность ({C}){targets}."),
    "mana": ("{P} TAPpa {C} per {color}.", "{P} поворачивает {Ca} и получает {color}."),
    "mana_ability": ("{P} TAPpa {C}: aggiunge {color} alla riserva di mana.", "{P} поворачивает {Ca}: в хранилище маны добавляется {color}."),
    "sacrifice": ("{P} sacrifica {C}.", "{P} приносит в жертву {Ca}."),
    "pass": ("{P} passa.", "{P} пасует."),
    "doesnt_resolve": ("Tutti i bersagli sono illegali: «{c}» non si risolve.", "Все цели недопустимы: «{c}» не разрешается."),
    "resolve": ("{Rc} si risolve.", "{Rc} разрешается."),
    "attach": ("{Cc} è assegnat{o} {Td}.", "{Cc} прикрепляется к {Td}."),
    "enters": ("{Cc} entra nel campo di battaglia.", "{Cc} выходит на поле битвы."),
    "exile": ("{Cc} viene esiliat{o}.", "{Cc} изгоняется."),
    "bounce": ("{Cc} ritorna in mano al proprietario.", "{Cc} возвращается в руку владельца."),
    "countered": ("La magia «{c}» è neutralizzata.", "Заклинание «{c}» отменяется."),
    "tapped": ("{Cc} viene TAPpat{o}.", "{Cc} поворачивается."),
    "untapped": ("{Cc} viene STAPpat{o}.", "{Cc} разворачивается."),
    "discard": ("{P} scarta la carta «{c}».", "{P} сбрасывает карту «{c}»."),
    "life_gain": ("{P} guadagna {amount} {pv} (ora {life}).", "{P} получает жизни: {amount} (теперь {life})."),
    "life_loss": ("{P} perde {amount} {pv} (ora {life}).", "{P} теряет жизни: {amount} (теперь {life})."),
    "token_created": ("Viene creata la pedina «{c}».", "Создаётся фишка «{c}»."),
    "token_ceases": ("La pedina «{c}» non è sul campo di battaglia e cessa di esistere.", "Фишка «{c}» не на поле битвы и перестаёт существовать."),
    "counters": ("{Cc} riceve {count} {segn} {ckind}.", "{Cc} получает жетоны {ckind}: {count}."),
    "pump": ("{Cc} prende {pt} fino alla fine del turno.", "{Cc} получает {pt} до конца хода."),
    "grant": ("{Cc} guadagna {kw} fino alla fine del turno.", "{Cc} получает до конца хода: {kw}."),
    "regeneration_shield": ("{Cc} ha uno scudo di rigenerazione.", "{Cc} получает щит регенерации."),
    "regenerated": ("{Cc} si rigenera: resta sul campo di battaglia, TAPpat{o} e senza danno.",
                    "{Cc} регенерирует: остаётся на поле битвы повёрнутым и без повреждений."),
    "prevention_effect": ("Un effetto di prevenzione è attivo.", "Действует эффект предотвращения."),
    "damage_prevented": ("{prevented} che «{c}» infliggerebbe {Td}.", "Предотвращены повреждения ({amount}), которые «{c}» нанёс бы {Td}."),
    "damage": ("«{c}» infligge {amount} {dn}{combat} {Td}.", "«{c}» наносит {Td} {combat}повреждения: {amount}."),
    "indestructible": ("{Cc} è indistruttibile: non viene distrutt{o}.", "{Cc} обладает неразрушимостью и не уничтожается."),
    "destroyed": ("{Cc} viene distrutt{o}.", "{Cc} уничтожается."),
    "dies": ("{Cc} muore (va nel cimitero dal campo di battaglia).", "{Cc} погибает (кладётся на кладбище с поля битвы)."),
    "attackers": ("{P} dichiara attaccanti: {list}.", "{P} назначает атакующих: {list}."),
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


def _kind(card) -> str:
    if card is None:
        return "card"
    if card.token:
        return "token"
    for kind in ("creature", "land", "artifact", "enchantment"):
        if kind in card.types:
            return kind
    return "spell" if {"instant", "sorcery"} & card.types else "card"


def _noun(cards: dict, card_id: str | None, lang: str, dative: bool = False, accusative: bool = False) -> tuple[str, str]:
    """A card named with what it is: ("la creatura «Orsi Grizzly»", "a") / ("существу «Медведи гризли»", "")."""
    card = cards.get(card_id) if card_id else None
    name = f"«{_card(cards, card_id, lang)}»"
    (it_noun, gender), (ru_nom, ru_dat, ru_acc) = NOUNS[_kind(card)]
    if lang == "ru":
        return f"{ru_dat if dative else ru_acc if accusative else ru_nom} {name}", ""
    vowel = it_noun[0] in "aeiou"
    if dative:
        article = "all'" if vowel else ("alla " if gender == "f" else "al ")
    else:
        article = "l'" if vowel else ("la " if gender == "f" else "il ")
    return f"{article}{it_noun} {name}", "a" if gender == "f" else "o"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


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

    subject, ending = _noun(cards, d.get("card"), lang)
    player = d.get("player")
    f = {
        "p": player_name(player, lang) if player is not None else "",
        "P": (("Il " if li == 0 else "") + player_name(player, lang)) if player is not None else "",
        "pg": player_genitive(player, lang) if player is not None else "",
        "winner": (("Il " if li == 0 else "") + player_name(d["winner"], lang)) if "winner" in d else "",
        "c": _card(cards, d.get("card"), lang),
        "C": subject,
        "Ca": _noun(cards, d.get("card"), lang, accusative=True)[0],
        "Cc": _cap(subject),
        "o": ending,
        "turn": d.get("turn", e.turn),
        "s": STEP_NAMES.get(d.get("step", ""), ("", ""))[li],
        "s2": STEP_NAMES.get(d.get("step", ""), ("", ""))[li],
        "life": d.get("life", ""),
        "amount": d.get("amount", ""),
        "count": d.get("count", ""),
        "ckind": d.get("kind", ""),
        "color": "{" + d["color"] + "}" if "color" in d else "",
        "pt": f"{d.get('power', 0):+d}/{d.get('toughness', 0):+d}",
        "kw": ", ".join(KEYWORD_NAMES.get(k, (k, k))[li] for k in d.get("keywords", [])),
        "combat": (" da combattimento" if li == 0 else "боевые ") if d.get("combat") else "",
        "dn": "danno" if d.get("amount") == 1 else "danni",
        "pv": "punto vita" if d.get("amount") == 1 else "punti vita",
        "segn": "segnalino" if d.get("count") == 1 else "segnalini",
        "prevented": (f"Viene prevenuto {d.get('amount')} danno" if d.get("amount") == 1
                      else f"Vengono prevenuti {d.get('amount')} danni"),
    }
    if d.get("what") == "ability":
        f["Rc"] = f"L'abilità di «{f['c']}»" if li == 0 else f"Способность карты «{f['c']}»"
    else:
        f["Rc"] = f"La magia «{f['c']}»" if li == 0 else f"Заклинание «{f['c']}»"
    to = d.get("to")
    if to is None:
        f["Td"] = ""
    elif to < 0:
        f["Td"] = f"al {player_name(-1 - to, lang)}" if li == 0 else f"игроку {'AB'[-1 - to]}"
    else:
        f["Td"] = _noun(cards, d.get("target_card") or names.get(to), lang, dative=True)[0]
    targets = d.get("targets") or ()
    f["targets"] = ((" con bersaglio " if li == 0 else " (цель: ") + ", ".join(name_of(t) for t in targets)
                    + ("" if li == 0 else ")")) if targets else ""
    if e.kind == "attackers":
        f["list"] = ", ".join(name_of(a) for a in d.get("attackers", [])) or ("nessuno" if li == 0 else "никого")
    elif e.kind == "blockers":
        arrow = " blocca " if li == 0 else " → "
        f["list"] = "; ".join(name_of(b) + arrow + name_of(a) for b, a in d.get("blocks", [])) or (
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
