"""The exact kernel, private to the package: the errors and argument checks every public function
shares (:mod:`.errors`, :mod:`.checks`), Go's ``math.Pow`` (:mod:`.gomath`), the scalar
arithmetic of the article's equations (:mod:`.scalar`), their array twins (:mod:`.arrays`), the
change lookup built from them (:mod:`.lookup`), the modelling defaults the questions share
(:mod:`.defaults`) and the one signed-change formatter (:mod:`.text`). Its modules import only
one another, the standard library and NumPy; the modules outside import only their public names.
"""
