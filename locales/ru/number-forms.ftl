## Order lookup: a number typed with letters found nothing; how these workshops write it
lookup-hint-form = Номера здесь пишутся так: <code>{ $example }</code>.
