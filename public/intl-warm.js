new Intl.DateTimeFormat().format();
new Intl.NumberFormat().format();
