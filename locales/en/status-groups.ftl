## Status groups: the service's group keys in the user's language (status names stay the service's)
st-group-new = New
st-group-inWork = In progress
st-group-wait = Waiting
st-group-finish = Ready
st-group-closed = Closed
