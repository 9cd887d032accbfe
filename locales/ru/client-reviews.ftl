# Reviews after pick-up (features/client-reviews): the client's texts in their language, the owners' in theirs.
review-ask = Заказ <b>{ $number }</b> ({ $device }) выдан. Как вам ремонт? Оцените, пожалуйста, от 1 до 5 ★: это одно нажатие.
review-btn-stars = { $stars } ★
review-thanks-good = Спасибо за { $stars } ★! Будем рады отзыву: он очень помогает мастерской.
review-thanks-good-plain = Спасибо за { $stars } ★! Рады, что всё понравилось.
review-btn-url = ⭐ Оставить отзыв
review-thanks-low = Спасибо за честную оценку ({ $stars } ★). Жаль, что не всё понравилось: владелец мастерской вам позвонит. Если хотите, напишите здесь в паре слов, что пошло не так (по желанию).
review-words-thanks = Спасибо, ваши слова переданы владельцу. Он вам позвонит.
review-already = Вы уже оценили этот заказ, спасибо!
review-low-staff = ⚠️ Низкая оценка клиента: { $stars } ({ $count } из 5), заказ <b>{ $number }</b>
review-low-client = Клиент: { $name }
review-low-phone = Телефон: { $phone }
review-low-device = Устройство: { $device }
review-low-master = Мастер: { $master }
review-low-master-none = Мастер: не назначен
review-low-told = Клиенту сказали, что владелец позвонит. Если он допишет пару слов, они придут следом.
review-low-words = 💬 Слова клиента: { $words }
review-btn-card = 📋 { $number }
report-master-rating = ★ { $average } ({ $count } { $count ->
    [one] отзыв
    [few] отзыва
   *[many] отзывов
})
