## The report's average from intake to ready: shown only over enough orders with known dates
report-avg-few = ⏱ Average from intake to ready ({ $period }): not shown, { $known } of { $count } { $count ->
    [one] order
   *[other] orders
} made ready have known dates (at least { $min } are needed)
## /start for an owner
start-owner = 👋 Hello, { $name }! You are an <b>owner</b>: everything operators do, plus money and reports.
