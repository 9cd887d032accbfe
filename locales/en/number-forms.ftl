## Order lookup: a number typed with letters found nothing; how these workshops write it
lookup-hint-form = Numbers here are written like <code>{ $example }</code>.
