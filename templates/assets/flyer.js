// flyer.html on a screen: the print button, and the sheet made smaller on a screen narrower than it.
(function () {
  var button = document.getElementById('print-button'), sheet = document.querySelector('.sheet');
  button.hidden = false;
  button.addEventListener('click', function () { window.print(); });
  // On a screen narrower than the sheet, the whole sheet smaller, as it prints.
  function fit() {
    sheet.style.zoom = 1;
    var room = document.documentElement.clientWidth - 16, wide = sheet.offsetWidth;
    sheet.style.zoom = wide > room ? room / wide : 1;
  }
  fit();
  window.addEventListener('resize', fit);
})();
