<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="black-wednesday-terrain" tilewidth="64" tileheight="56" tilecount="7" columns="7">
 <image source="black-wednesday-terrain.png" width="448" height="56" />
 <tile id="0" type="terrain">
  <properties>
   <property name="terrain" value="open" />
  </properties>
 </tile>
 <tile id="1" type="terrain">
  <properties>
   <property name="terrain" value="forest" />
  </properties>
 </tile>
 <tile id="2" type="terrain">
  <properties>
   <property name="terrain" value="building" />
  </properties>
 </tile>
 <tile id="3" type="terrain">
  <properties>
   <property name="terrain" value="city" />
  </properties>
 </tile>
 <tile id="4" type="terrain">
  <properties>
   <property name="terrain" value="hospital" />
  </properties>
 </tile>
 <tile id="5" type="terrain">
  <properties>
   <property name="terrain" value="mill" />
  </properties>
 </tile>
 <tile id="6" type="terrain">
  <properties>
   <property name="terrain" value="peat_bog" />
  </properties>
 </tile>
</tileset>
