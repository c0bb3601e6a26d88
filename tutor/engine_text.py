"""The engine's refusals (IllegalAction reasons) and the scenario runner's findings, in Italian and Russian.

>>> from tutor.engine import IllegalAction
>>> illegal_text(IllegalAction("305.2", "second_land", "one land per turn"), "it")
'puoi giocare una sola terra per turno (regola 305.2)'
"""

from __future__ import annotations

__all__ = ["REASONS", "RUNNER", "illegal_text", "runner_text"]

# IllegalAction.reason -> (Italian, Russian)
REASONS: dict[str, tuple[str, str]] = {
    "game_over": ("la partita è finita", "партия окончена"),
    "not_priority": ("nessuno ha la priorità: la partita attende un'altra decisione", "ни у кого нет приоритета: игра ждёт другого решения"),
    "not_attackers": ("ora non si dichiarano attaccanti", "сейчас не назначают атакующих"),
    "not_blockers": ("ora non si dichiarano bloccanti", "сейчас не назначают блокирующих"),
    "not_damage": ("ora non si assegna danno da combattimento", "сейчас не распределяют боевые повреждения"),
    "not_legend": ("ora non si sceglie per la regola delle leggende", "сейчас не делают выбор по правилу легендарности"),
    "not_discard": ("ora non si scarta", "сейчас не сбрасывают карты"),
    "not_in_hand": ("la carta deve essere nella tua mano", "карта должна быть у вас в руке"),
    "not_a_land": ("solo una terra si gioca come terra", "сыграть как землю можно только землю"),
    "land_timing": ("una terra si gioca nella tua fase principale, con la pila vuota", "землю играют в свою главную фазу при пустом стеке"),
    "second_land": ("puoi giocare una sola terra per turno", "за ход можно сыграть только одну землю"),
    "land_not_spell": ("una terra si gioca, non si lancia: non è mai una magia", "землю играют, а не разыгрывают: она никогда не бывает заклинанием"),
    "sorcery_timing": ("solo nella tua fase principale, con la pila vuota", "только в свою главную фазу при пустом стеке"),
    "bad_x": ("X deve essere un numero non negativo, e solo per un costo con X", "X должен быть неотрицательным числом и только для стоимости с X"),
    "target_count": ("numero di bersagli sbagliato", "неверное количество целей"),
    "same_target_twice": ("lo stesso oggetto non si può scegliere due volte", "один и тот же объект нельзя выбрать дважды"),
    "illegal_target": ("bersaglio non legale", "недопустимая цель"),
    "additional_cost": ("per lanciarla devi sacrificare un permanente del tipo richiesto", "чтобы разыграть её, нужно пожертвовать перманент нужного типа"),
    "no_additional_cost": ("questa magia non ha un costo di sacrificio", "у этого заклинания нет стоимости с жертвой"),
    "cant_pay_life": ("non puoi pagare più punti vita di quelli che hai", "нельзя заплатить больше жизней, чем у вас есть"),
    "cant_pay": ("non hai abbastanza mana per pagare il costo", "не хватает маны, чтобы оплатить стоимость"),
    "bad_mana_source": ("quella fonte non può essere TAPpata per mana ora", "этот источник сейчас нельзя повернуть ради маны"),
    "not_your_permanent": ("puoi attivare solo abilità dei permanenti che controlli", "активировать можно только способности своих перманентов"),
    "no_such_ability": ("quel permanente non ha questa abilità attivata", "у этого перманента нет такой активируемой способности"),
    "already_tapped": ("un permanente TAPpato non può pagare un costo {T}", "повёрнутый перманент не может оплатить стоимость {T}"),
    "summoning_sick": ("la creatura non è sotto il tuo controllo dall'inizio del tuo turno (e non ha rapidità)",
                       "существо не находится под вашим контролем с начала вашего хода (и у него нет ускорения)"),
    "duplicate_attacker": ("ogni creatura attacca una volta sola", "каждое существо атакует только один раз"),
    "not_your_creature": ("non è una creatura che controlli", "это не ваше существо"),
    "tapped_attacker": ("una creatura TAPpata non può attaccare", "повёрнутое существо не может атаковать"),
    "defender": ("una creatura con difensore non può attaccare", "существо с защитником не может атаковать"),
    "bad_block": ("i blocchi sono coppie (bloccante, attaccante)", "блоки задаются парами (блокирующий, атакующий)"),
    "blocks_twice": ("ogni creatura blocca un solo attaccante", "каждое существо блокирует только одного атакующего"),
    "tapped_blocker": ("una creatura TAPpata non può bloccare", "повёрнутое существо не может блокировать"),
    "not_attacking": ("quella creatura non sta attaccando", "это существо не атакует"),
    "unblockable": ("quella creatura non può essere bloccata", "это существо не может быть заблокировано"),
    "flying": ("una creatura con volare si blocca solo con volare o raggiungere", "существо с полётом блокируют только существа с полётом или захватом"),
    "fear": ("una creatura con paura si blocca solo con creature artefatto e/o nere", "существо со страхом блокируют только артефактные и/или черные существа"),
    "landwalk": ("passa-terre: il giocatore in difesa controlla una terra di quel tipo", "знание земель: у защищающегося игрока есть земля этого типа"),
    "protection": ("protezione: non può essere bloccata da creature di quel colore", "защита: не может быть заблокировано существами этого цвета"),
    "menace": ("una creatura con minacciare va bloccata da due o più creature", "существо с угрозой должно быть заблокировано двумя или более существами"),
    "other_attacker": ("prima va assegnato il danno di un altro attaccante", "сначала распределите повреждения другого атакующего"),
    "bad_assignment": ("le assegnazioni sono coppie (destinatario, quantità)", "распределение задаётся парами (получатель, количество)"),
    "no_trample": ("senza travolgere una creatura bloccata assegna danno solo alle creature che la bloccano",
                   "без пробивного удара заблокированное существо распределяет повреждения только между блокирующими"),
    "not_a_blocker": ("quella creatura non la sta bloccando", "это существо его не блокирует"),
    "wrong_total": ("va assegnato esattamente tutto il danno (la forza della creatura)", "нужно распределить ровно все повреждения (силу существа)"),
    "trample_lethal": ("con travolgere, prima danno letale a ogni bloccante, poi il resto al giocatore",
                       "при пробивном ударе сначала смертельные повреждения каждому блокирующему, потом остаток игроку"),
    "legend_choice": ("tieni uno dei tuoi permanenti leggendari con quel nome", "оставьте один из своих легендарных перманентов с этим именем"),
    "discard_count": ("scarta esattamente il numero di carte in eccesso dalla tua mano", "сбросьте из руки ровно лишние карты"),
    "not_your_decision": ("questa decisione spetta all'altro giocatore", "это решение принимает другой игрок"),
    "unknown_action": ("azione sconosciuta", "неизвестное действие"),
}

# Scenario runner findings -> (Italian, Russian); {field} etc. are filled in.
RUNNER: dict[str, tuple[str, str]] = {
    "where_action": ("azione {n} (riga {line})", "действие {n} (строка {line})"),
    "where_checkpoint": ("punto di controllo (riga {line})", "контрольная точка (строка {line})"),
    "where_expect": ("attese finali (riga {line})", "итоговые ожидания (строка {line})"),
    "where_setup": ("preparazione", "подготовка"),
    "setup_illegal": ("la posizione iniziale non è legale: {detail}", "начальная позиция недопустима: {detail}"),
    "game_over": ("la partita è già finita", "партия уже закончена"),
    "illegal": ("azione illegale: {detail}", "недопустимое действие: {detail}"),
    "other_rule": ("l'azione è illegale, ma per un'altra regola", "действие недопустимо, но по другому правилу"),
    "expected_illegal": ("l'azione doveva essere illegale, ma è stata accettata", "действие должно было быть недопустимым, но его приняли"),
    "not_found": ("{detail} non è in nessuna zona", "{detail}: нет ни в одной зоне"),
    "stuck_decision": ("la partita attende una decisione ({detail}) prima della sottofase richiesta",
                       "игра ждёт решения ({detail}) до нужного шага"),
    "stuck_over": ("la partita è finita prima della sottofase richiesta", "партия закончилась раньше нужного шага"),
    "stuck_never": ("la sottofase richiesta non è stata raggiunta", "нужный шаг не наступил"),
    "mismatch": ("{field} non corrisponde", "{field} не совпадает"),
    "events_order": ("eventi attesi in quest'ordine", "ожидаемые события в этом порядке"),
    "unexpected_event": ("evento {detail} non atteso", "неожиданное событие {detail}"),
}


def illegal_text(exc, ui: str) -> str:
    """Why an action is illegal, in the interface language, with its rule."""
    pair = REASONS.get(exc.reason)
    text = pair[0 if ui == "it" else 1] if pair else (exc.detail or exc.reason)
    return f"{text} ({'regola' if ui == 'it' else 'правило'} {exc.rule})"


def runner_text(key: str, ui: str, **kw) -> str:
    pair = RUNNER[key]
    return pair[0 if ui == "it" else 1].format(**kw)
