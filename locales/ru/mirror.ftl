# Зеркало заказов в /status.
mirror-status-off = Зеркало заказов: выключено (каждый поиск идёт в сервис)
mirror-status-orders = Заказов в зеркале: <b>{ $orders }</b>
mirror-status-synced = Последняя синхронизация: { $time } ({ $age } с назад)
mirror-status-never = Последняя синхронизация: ещё не было
mirror-status-backfill = Идёт первое заполнение
mirror-status-requests = Запросов синхронизации в этом окне: { $spent } из { $budget }; { $reserve } всегда остаются пользователям
mirror-status-replica = Этот экземпляр читает копию, которую синхронизирует другой
mirror-status-error = Последняя попытка синхронизации прервана: { $error }
mirror-error-quota = лимит запросов исчерпан; продолжит после сброса
mirror-error-unavailable = сервис не отвечает; попробует позже
mirror-error-other = ошибка (см. журнал); попробует позже
